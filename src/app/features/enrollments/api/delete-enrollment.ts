import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiFetch } from '@/app/lib/api-client';
import { confirmDelete } from '@/app/lib/confirm';
import { MESSAGES } from '@/shared/messages';
import { removeEnrollment, type EnrollmentReply } from './enrollments-cache';

export function useDeleteEnrollment() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<EnrollmentReply>(`/enrollments/${id}`, {
        method: 'DELETE',
        fallbackMessage: MESSAGES.enrollment.deleteFailed,
      }),
    onSuccess: (_reply, id) => removeEnrollment(id),
    onError: () => {
      toast.error(MESSAGES.enrollment.deleteFailedRetry);
    },
  });
}

/** Asks 'Are you sure?' first (lib/confirm.ts); resolves true once the enrollment is gone. */
export function useConfirmedDelete() {
  const { mutateAsync, isPending } = useDeleteEnrollment();
  const remove = async (id: string) => {
    if (!(await confirmDelete())) return false;
    return mutateAsync(id).then(
      () => true,
      () => false, // already told: the generic toast and the screen's sentence
    );
  };
  return { remove, isPending };
}

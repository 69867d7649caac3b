import toast from 'react-hot-toast';
import { staleCurrent } from '@/app/lib/api-client';
import { confirmDelete } from '@/app/lib/confirm';
import { deleteShown, updatedAtVersion, useDeleteRow } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import { enrollmentsQuery } from './get-enrollments';

/** DELETE /enrollments/{id}; a refusal that is not a conflict says to try again. */
export const useDeleteEnrollment = () =>
  useDeleteRow(enrollmentsQuery, API_ROUTES.deleteEnrollment, {
    fallbackMessage: MESSAGES.enrollment.deleteFailed,
    onError: (err) => {
      if (!staleCurrent(err)) toast.error(MESSAGES.enrollment.deleteFailedRetry);
    },
  });

/**
 * Asks 'Are you sure?' first, and again when the enrollment changed since it was shown; resolves
 * true once the enrollment is gone.
 */
export function useConfirmedDelete() {
  const { mutateAsync, isPending } = useDeleteEnrollment();
  const remove = async (enrollment: Enrollment) => {
    if (!(await confirmDelete())) return false;
    return deleteShown(
      (version) => mutateAsync({ id: enrollment._id, version }),
      updatedAtVersion(enrollment),
      updatedAtVersion,
    ).catch(() => false); // already told: the generic toast and the screen's sentence
  };
  return { remove, isPending };
}

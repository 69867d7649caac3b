import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import { putEnrollment, type EnrollmentReply } from './enrollments-cache';

/** PUT /enrollments/{id}/complete: the server's copy (completed, progress 100) replaces the local one. */
export function useCompleteEnrollment() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<EnrollmentReply>(apiPath`/enrollments/${id}/complete`, {
        method: 'PUT',
        fallbackMessage: MESSAGES.enrollment.completeFailed,
      }),
    onSuccess: (reply) => putEnrollment(reply.data),
    onError: () => {
      toast.error(MESSAGES.enrollment.completeFailed);
    },
  });
}

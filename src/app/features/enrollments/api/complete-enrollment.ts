import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import { putEnrollment, type EnrollmentReply } from './enrollments-cache';

/** PUT /enrollments/{id}/complete: the server's copy (completed, progress 100) replaces the local one. */
export function useCompleteEnrollment() {
  return useMutation({
    mutationFn: (id: string) =>
      apiCall<EnrollmentReply>(API_ROUTES.completeEnrollment, {
        params: { id },
        fallbackMessage: MESSAGES.enrollment.completeFailed,
      }),
    onSuccess: (reply) => putEnrollment(reply.data),
    onError: () => {
      toast.error(MESSAGES.enrollment.completeFailed);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import { putEnrollment, type EnrollmentReply } from './enrollments-cache';

/**
 * Approve (isVerified true, verifiedAt now) or Disapprove (false, null), applied locally only when the
 * reply says success; the server's copy carries the exact verifiedAt.
 */
export function useSetApproval() {
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      apiCall<EnrollmentReply>(approve ? API_ROUTES.approveEnrollment : API_ROUTES.disapproveEnrollment, {
        params: { id },
      }),
    onSuccess: (reply) => putEnrollment(reply.data),
    // The screen's own sentence, after the generic toast that says why (docs/choices.md, At most two messages per failure).
    onError: (_err, { approve }) => {
      toast.error(approve ? MESSAGES.enrollment.approveFailed : MESSAGES.enrollment.disapproveFailed);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiFetch, apiUrl } from '@/app/lib/api-client';
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
      apiFetch<EnrollmentReply>(
        approve ? apiUrl(API_ROUTES.approveEnrollment, { id }) : apiUrl(API_ROUTES.disapproveEnrollment, { id }),
        { method: 'PUT' },
      ),
    onSuccess: (reply) => putEnrollment(reply.data),
    // The screen's own sentence, after the generic toast that says why (docs/choices.md, At most two messages per failure).
    onError: (_err, { approve }) => {
      toast.error(approve ? MESSAGES.enrollment.approveFailed : MESSAGES.enrollment.disapproveFailed);
    },
  });
}

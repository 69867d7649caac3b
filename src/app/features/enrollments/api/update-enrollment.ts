import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import type { EnrollmentUpdateBody } from '@/shared/schemas';
import { putEnrollment, type EnrollmentReply } from './enrollments-cache';

/** PUT /enrollment/{id}: the server's copy replaces the local one. */
export function useUpdateEnrollment(id: string) {
  return useMutation({
    mutationFn: (body: EnrollmentUpdateBody) =>
      apiCall<EnrollmentReply>(API_ROUTES.updateEnrollment, {
        params: { id },
        body,
        fallbackMessage: MESSAGES.enrollment.updateFailed,
      }),
    onSuccess: (reply) => putEnrollment(reply.data),
  });
}

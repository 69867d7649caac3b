import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiFetch } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment, EnrollmentUpdateBody } from '@/shared/schemas';
import { replaceEnrollment } from './enrollments-cache';

/** PUT /enrollment/{id}: the server's copy replaces the local one. */
export function useUpdateEnrollment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentUpdateBody) =>
      apiFetch<{ success: boolean; data: Enrollment }>(`/enrollment/${id}`, {
        method: 'PUT',
        body,
        fallbackMessage: MESSAGES.enrollment.updateFailed,
      }),
    onSuccess: (reply) => {
      if (reply.success) replaceEnrollment(queryClient, reply.data);
    },
    // The screen's sentence (spec 8), after the generic toast; the form also says it failed.
    onError: () => {
      toast.error(MESSAGES.enrollment.updateFailedRetry);
    },
  });
}

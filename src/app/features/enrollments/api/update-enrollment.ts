import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment, EnrollmentUpdateBody } from '../../../../shared/schemas';
import { apiFetch } from '../../../lib/api-client';
import { replaceEnrollment } from './enrollments-cache';

/** PUT /enrollment/{id}: the server's copy replaces the local one. */
export function useUpdateEnrollment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentUpdateBody) => apiFetch<{ success: boolean; data: Enrollment }>(`/enrollment/${id}`, { method: 'PUT', body }),
    onSuccess: (reply) => {
      if (reply.success) replaceEnrollment(queryClient, reply.data);
    },
  });
}

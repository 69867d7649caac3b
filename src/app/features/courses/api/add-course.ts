import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { CourseCardBody } from '@/shared/schemas';
import { appendCourse, type CourseReply } from './course-cache';

export function useAddCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseCardBody) => apiFetch<CourseReply>('/courses/card', { method: 'POST', body }),
    onSuccess: (reply) => appendCourse(qc, reply.data),
  });
}

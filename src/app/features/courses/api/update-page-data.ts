import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { PageDataBody } from '@/shared/schemas';
import { replaceCourse, type CourseReply } from './course-cache';

export function useUpdatePageData(courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PageDataBody) => apiFetch<CourseReply>(`/courses/${courseId}/pageData`, { method: 'PUT', body }),
    onSuccess: (reply) => replaceCourse(qc, reply.data),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import type { PageDataBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdatePageData(courseId: string) {
  return useMutation({
    mutationFn: (body: PageDataBody) =>
      apiFetch<CourseReply>(apiPath`/courses/${courseId}/pageData`, { method: 'PUT', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

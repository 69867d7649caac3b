import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { PageDataBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdatePageData(courseId: string) {
  return useMutation({
    mutationFn: (body: PageDataBody) =>
      apiFetch<CourseReply>(apiUrl(API_ROUTES.updatePageData, { id: courseId }), { method: 'PUT', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

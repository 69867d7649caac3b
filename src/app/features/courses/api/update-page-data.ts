import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { PageDataBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdatePageData(courseId: string) {
  return useMutation({
    mutationFn: (body: PageDataBody) =>
      apiCall<CourseReply>(API_ROUTES.updatePageData, { params: { id: courseId }, body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

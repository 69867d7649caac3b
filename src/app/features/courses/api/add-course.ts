import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { CourseCardBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useAddCourse() {
  return useMutation({
    mutationFn: (body: CourseCardBody) => apiCall<CourseReply>(API_ROUTES.addCourse, { body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

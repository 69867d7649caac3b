import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { CourseCardBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useAddCourse() {
  return useMutation({
    mutationFn: (body: CourseCardBody) => apiFetch<CourseReply>(apiUrl(API_ROUTES.addCourse), { method: 'POST', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

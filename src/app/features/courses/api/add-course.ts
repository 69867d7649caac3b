import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { CourseCardBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useAddCourse() {
  return useMutation({
    mutationFn: (body: CourseCardBody) => apiFetch<CourseReply>('/courses/card', { method: 'POST', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

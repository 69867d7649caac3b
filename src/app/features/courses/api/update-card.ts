import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { CourseCardBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdateCard(courseId: string) {
  return useMutation({
    mutationFn: (body: CourseCardBody) => apiFetch<CourseReply>(`/courses/${courseId}/card`, { method: 'PUT', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

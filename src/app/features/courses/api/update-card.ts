import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import type { CourseCardBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdateCard(courseId: string) {
  return useMutation({
    mutationFn: ({ card, version }: { card: CourseCardBody; version: Version }) =>
      apiCall<CourseReply>(API_ROUTES.updateCard, { params: { id: courseId }, body: { ...card, ...version } }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

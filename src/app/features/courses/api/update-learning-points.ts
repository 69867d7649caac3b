import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import type { whatYouWillLearnBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';
import type { z } from 'zod';

export function useUpdateLearningPoints(courseId: string) {
  return useMutation({
    mutationFn: (body: z.input<typeof whatYouWillLearnBody>) =>
      apiFetch<CourseReply>(apiPath`/courses/${courseId}/what-you-will-learn`, { method: 'PUT', body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

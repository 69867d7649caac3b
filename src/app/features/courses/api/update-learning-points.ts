import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { whatYouWillLearnBody } from '@/shared/schemas';
import { putCourse, type CourseReply } from './course-cache';
import type { z } from 'zod';

export function useUpdateLearningPoints(courseId: string) {
  return useMutation({
    mutationFn: (body: z.input<typeof whatYouWillLearnBody>) =>
      apiCall<CourseReply>(API_ROUTES.updateLearningPoints, { params: { id: courseId }, body }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

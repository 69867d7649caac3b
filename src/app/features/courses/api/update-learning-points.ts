import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { putCourse, type CourseReply } from './course-cache';

export function useUpdateLearningPoints(courseId: string) {
  return useMutation({
    mutationFn: (whatYouWillLearn: string[]) =>
      apiFetch<CourseReply>(`/courses/${courseId}/what-you-will-learn`, { method: 'PUT', body: { whatYouWillLearn } }),
    onSuccess: (reply) => putCourse(reply.data),
  });
}

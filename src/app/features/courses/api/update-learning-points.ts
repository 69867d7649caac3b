import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { replaceCourse, type CourseReply } from './course-cache';

export function useUpdateLearningPoints(courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (whatYouWillLearn: string[]) =>
      apiFetch<CourseReply>(`/courses/${courseId}/what-you-will-learn`, { method: 'PUT', body: { whatYouWillLearn } }),
    onSuccess: (reply) => replaceCourse(qc, reply.data),
  });
}

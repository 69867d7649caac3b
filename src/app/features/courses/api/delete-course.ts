import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { removeCourse } from './course-cache';

export function useDeleteCourse() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ success: true }>(`/courses/${id}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) => removeCourse(id),
  });
}

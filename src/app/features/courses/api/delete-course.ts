import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { removeCourse } from './course-cache';

export function useDeleteCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ success: true }>(`/courses/${id}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) => removeCourse(qc, id),
  });
}

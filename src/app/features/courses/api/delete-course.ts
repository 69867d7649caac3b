import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
import { removeCourse } from './course-cache';

export function useDeleteCourse() {
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: Version }) =>
      apiFetch<{ success: true }>(apiPath`/courses/${id}`, { method: 'DELETE', body: version }),
    onSuccess: (_reply, { id }) => removeCourse(id),
  });
}

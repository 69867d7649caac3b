import { useMutation } from '@tanstack/react-query';
import { apiFetch, type ApiRequest } from '@/app/lib/api-client';
import { putCourse, type CourseReply } from './course-cache';
import { ITEM_KINDS, type ItemFieldsOf, type ItemKind } from './item-kinds';

const call = (kind: ItemKind, verb: 'add' | 'update' | 'delete', method: ApiRequest['method'], body: object) =>
  apiFetch<CourseReply>(`/courses/${ITEM_KINDS[kind].path}/${verb}`, { method, body });

/** Add, update and delete of one item kind; each reply carries the whole course, which replaces the cached one. */
export function useItemMutations<K extends ItemKind>(kind: K, courseId: string) {
  const onSuccess = (reply: CourseReply) => putCourse(reply.data);
  const idField = ITEM_KINDS[kind].idField;
  return {
    add: useMutation({
      mutationFn: (fields: ItemFieldsOf<K>) => call(kind, 'add', 'POST', { courseId, ...fields }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, fields }: { id: string; fields: ItemFieldsOf<K> }) =>
        call(kind, 'update', 'PUT', { courseId, [idField]: id, ...fields }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(kind, 'delete', 'DELETE', { courseId, [idField]: id }),
      onSuccess,
    }),
  };
}

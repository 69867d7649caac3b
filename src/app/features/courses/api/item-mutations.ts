import { useMutation } from '@tanstack/react-query';
import { apiFetch, type ApiRequest } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
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
      mutationFn: ({ id, fields, version }: { id: string; fields: ItemFieldsOf<K>; version: Version }) =>
        call(kind, 'update', 'PUT', { courseId, [idField]: id, ...fields, ...version }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: { id: string; version: Version }) =>
        call(kind, 'delete', 'DELETE', { courseId, [idField]: id, ...version }),
      onSuccess,
    }),
  };
}

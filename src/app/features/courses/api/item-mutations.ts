import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
import { courseItemRoutes } from '@/shared/api-routes';
import { putCourse, type CourseReply } from './course-cache';
import { ITEM_KINDS, type ItemFieldsOf, type ItemKind } from './item-kinds';

const call = (kind: ItemKind, action: 'add' | 'update' | 'remove', body: object) =>
  apiCall<CourseReply>(courseItemRoutes(ITEM_KINDS[kind].path)[action], { body });

/** Add, update and delete of one item kind; each reply carries the whole course, which replaces the cached one. */
export function useItemMutations<K extends ItemKind>(kind: K, courseId: string) {
  const onSuccess = (reply: CourseReply) => putCourse(reply.data);
  const idField = ITEM_KINDS[kind].idField;
  return {
    add: useMutation({
      mutationFn: (fields: ItemFieldsOf<K>) => call(kind, 'add', { courseId, ...fields }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, fields, version }: { id: string; fields: ItemFieldsOf<K>; version: Version }) =>
        call(kind, 'update', { courseId, [idField]: id, ...fields, ...version }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ id, version }: { id: string; version: Version }) =>
        call(kind, 'remove', { courseId, [idField]: id, ...version }),
      onSuccess,
    }),
  };
}

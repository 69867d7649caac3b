import type { Course } from '@/shared/schemas';
import {
  COURSE_ITEM_KINDS,
  type CourseItemFieldsOf,
  type CourseItemKind,
  type CourseItemOf,
} from '@/shared/schemas/course-item-kinds';
import type { z } from 'zod';

/** The five item kinds of a course page, from the one table in src/shared. */
export const ITEM_KINDS = COURSE_ITEM_KINDS;

export type ItemKind = CourseItemKind;
export type ItemOf<K extends ItemKind> = CourseItemOf<K>;
export type ItemFieldsOf<K extends ItemKind> = CourseItemFieldsOf<K>;

export const itemsOf = <K extends ItemKind>(course: Course, kind: K) =>
  course.pageData[ITEM_KINDS[kind].list] as ItemOf<K>[];

/** The kind's shared fields schema, typed by its item (TypeScript cannot narrow the table by a generic key). */
export const fieldsSchemaOf = <K extends ItemKind>(kind: K) =>
  ITEM_KINDS[kind].fields as unknown as z.ZodType<ItemFieldsOf<K>>;

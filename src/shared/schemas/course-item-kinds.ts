import { z } from 'zod';
import { idSchema } from './common';
import { faqFields, resourceFields, reviewFields, syllabusFields, tableDataFields, type Course } from './course';

/**
 * The five item kinds of a course page, declared once: the API path segment and id field (spec 7), the
 * list in `pageData`, the noun people read, and the fields' schema. Request bodies, the server's routes
 * and repository, the OpenAPI description and the PWA's tabs all derive from this table.
 */
export const COURSE_ITEM_KINDS = {
  syllabus: {
    path: 'syllabus',
    idField: 'syllabusId',
    list: 'syllabus',
    noun: 'Syllabus item',
    fields: syllabusFields,
  },
  faq: { path: 'faq', idField: 'faqId', list: 'faq', noun: 'FAQ', fields: faqFields },
  review: { path: 'review', idField: 'reviewId', list: 'reviews', noun: 'Review', fields: reviewFields },
  resource: {
    path: 'additional-resource',
    idField: 'resourceId',
    list: 'additionalResources',
    noun: 'Additional resource',
    fields: resourceFields,
  },
  tableData: {
    path: 'table-data',
    idField: 'tableDataId',
    list: 'tableData',
    noun: 'Table data',
    fields: tableDataFields,
  },
} as const satisfies Record<
  string,
  { path: string; idField: string; list: keyof Course['pageData']; noun: string; fields: z.ZodObject }
>;
export type CourseItemKind = keyof typeof COURSE_ITEM_KINDS;
export const COURSE_ITEM_KIND_NAMES = Object.keys(COURSE_ITEM_KINDS) as CourseItemKind[];

/** The add, update and delete bodies of a kind: its fields with `courseId`, and its own id field. */
export function courseItemBodies(kind: CourseItemKind) {
  const { idField, fields } = COURSE_ITEM_KINDS[kind];
  const ids = { courseId: idSchema, [idField]: idSchema };
  return {
    add: fields.extend({ courseId: idSchema }),
    update: fields.extend(ids),
    remove: z.object(ids),
  };
}

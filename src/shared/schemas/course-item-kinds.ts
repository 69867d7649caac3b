import { z } from 'zod';
import { LIMITS, RATING_MAX, RATING_MIN } from '@/shared/constants';
import { httpUrl, idSchema, numberFrom, requiredText } from './common';
import { expectedUpdatedAt } from './version';

const long = LIMITS.longText;

/** Review rating: the form clamps to 1..5 (default 1); the server rejects anything else. */
export const ratingSchema = numberFrom('Rating').pipe(
  z
    .number()
    .int('Rating must be a whole number.')
    .min(RATING_MIN, 'Rating must be between 1 and 5.')
    .max(RATING_MAX, 'Rating must be between 1 and 5.'),
);

/** An item as the API sends it: its id, then its values in the order of the wire (docs/api.md). */
const wire = <T extends z.ZodRawShape>(shape: T) => z.object({ _id: z.string(), ...shape });

/**
 * The five item kinds of a course page, declared once: the API path segment and id field, the
 * list in `pageData`, the noun people read, the fields a request sends (with their rules) and the item
 * as the API sends it. The course schema, request bodies, the server's routes and SQL, the OpenAPI
 * description and the PWA's tabs all derive from this table.
 */
export const COURSE_ITEM_KINDS = {
  syllabus: {
    path: 'syllabus',
    idField: 'syllabusId',
    list: 'syllabus',
    noun: 'Syllabus item',
    fields: z.object({
      week: numberFrom('Week').pipe(
        z.number().int('Week must be a whole number.').min(1, 'Week must be at least 1.').max(1000),
      ),
      topic: requiredText('Topic'),
      details: requiredText('Details', long),
    }),
    item: wire({ week: z.number(), topic: z.string(), details: z.string() }),
  },
  faq: {
    path: 'faq',
    idField: 'faqId',
    list: 'faq',
    noun: 'FAQ',
    fields: z.object({ question: requiredText('Question', 1000), answer: requiredText('Answer', long) }),
    item: wire({ question: z.string(), answer: z.string() }),
  },
  review: {
    path: 'review',
    idField: 'reviewId',
    list: 'reviews',
    noun: 'Review',
    fields: z.object({
      reviewer: requiredText('Reviewer'),
      rating: ratingSchema,
      comment: requiredText('Comment', long),
    }),
    item: wire({ reviewer: z.string(), comment: z.string(), rating: z.number() }),
  },
  resource: {
    path: 'additional-resource',
    idField: 'resourceId',
    list: 'additionalResources',
    noun: 'Additional resource',
    fields: z.object({ name: requiredText('Name'), link: httpUrl('Link') }),
    item: wire({ name: z.string(), link: z.string() }),
  },
  tableData: {
    path: 'table-data',
    idField: 'tableDataId',
    list: 'tableData',
    noun: 'Table data',
    fields: z.object({ feature: requiredText('Feature'), value: requiredText('Value', 1000) }),
    item: wire({ feature: z.string(), value: z.string() }),
  },
} as const satisfies Record<
  string,
  { path: string; idField: string; list: string; noun: string; fields: z.ZodObject; item: z.ZodObject }
>;
export type CourseItemKind = keyof typeof COURSE_ITEM_KINDS;
export const COURSE_ITEM_KIND_NAMES = Object.keys(COURSE_ITEM_KINDS) as CourseItemKind[];

/** An item of kind K as the API sends it, and the values a request sets on it. */
export type CourseItemOf<K extends CourseItemKind> = z.infer<(typeof COURSE_ITEM_KINDS)[K]['item']>;
export type CourseItemFieldsOf<K extends CourseItemKind> = z.output<(typeof COURSE_ITEM_KINDS)[K]['fields']>;
export type SyllabusItem = CourseItemOf<'syllabus'>;
export type FaqItem = CourseItemOf<'faq'>;
export type ReviewItem = CourseItemOf<'review'>;
export type ResourceItem = CourseItemOf<'resource'>;
export type TableDataItem = CourseItemOf<'tableData'>;

type ItemLists = {
  [K in CourseItemKind as (typeof COURSE_ITEM_KINDS)[K]['list']]: z.ZodArray<(typeof COURSE_ITEM_KINDS)[K]['item']>;
};
/** The item lists of `pageData`, one array per kind under its list name. */
export const courseItemLists = Object.fromEntries(
  COURSE_ITEM_KIND_NAMES.map((kind) => [COURSE_ITEM_KINDS[kind].list, z.array(COURSE_ITEM_KINDS[kind].item)]),
) as ItemLists;

/**
 * The add, update and delete bodies of a kind: its fields with `courseId`, and its own id field. An update or
 * delete may name the course's version it was made on (items are part of their course).
 */
export function courseItemBodies(kind: CourseItemKind) {
  const { idField, fields } = COURSE_ITEM_KINDS[kind];
  const ids = { courseId: idSchema, [idField]: idSchema };
  return {
    add: fields.extend({ courseId: idSchema }),
    update: fields.extend({ ...ids, expectedUpdatedAt }),
    remove: z.object({ ...ids, expectedUpdatedAt }),
  };
}

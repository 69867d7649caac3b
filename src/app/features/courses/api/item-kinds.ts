import type { Course } from '@/shared/schemas';

/** The five item kinds of a course page as the API names them (spec 7): path, id field, list in pageData. */
export const ITEM_KINDS = {
  syllabus: { path: 'syllabus', idField: 'syllabusId', list: 'syllabus' },
  faq: { path: 'faq', idField: 'faqId', list: 'faq' },
  review: { path: 'review', idField: 'reviewId', list: 'reviews' },
  resource: { path: 'additional-resource', idField: 'resourceId', list: 'additionalResources' },
  tableData: { path: 'table-data', idField: 'tableDataId', list: 'tableData' },
} as const satisfies Record<string, { path: string; idField: string; list: keyof Course['pageData'] }>;

export type ItemKind = keyof typeof ITEM_KINDS;
export type ItemOf<K extends ItemKind> = Course['pageData'][(typeof ITEM_KINDS)[K]['list']][number];
export type ItemFieldsOf<K extends ItemKind> = Omit<ItemOf<K>, '_id'>;

export const itemsOf = <K extends ItemKind>(course: Course, kind: K) =>
  course.pageData[ITEM_KINDS[kind].list] as ItemOf<K>[];

import type { Course, CourseDetails, CourseItemFieldsOf, CourseItemKind } from '@/shared/schemas';

/** The seven tabs of a course page, in order: Page Data first. */
export const COURSE_TAB_NAMES = ['Page Data', 'Syllabus', 'FAQ', 'Reviews', 'Resources', 'Features', 'Learn'];

/** One row of ITEM_TEXTS, in the order of its columns. */
const texts = (tab: string, noun: string, deleted: string, failed: string) => ({ tab, noun, deleted, failed });

/**
 * What an admin reads for each course item kind, as the specification writes it: its tab, the noun on its buttons
 * and modals ('+ Add Review', 'Update Review'), the notice after a delete and the one after a failed delete.
 * Literal on purpose: the tests check the app's texts against the spec, not against the app's own table.
 */
export const ITEM_TEXTS: Record<CourseItemKind, ReturnType<typeof texts>> = {
  syllabus: texts('Syllabus', 'Syllabus', 'Syllabus has been deleted.', 'Failed to delete syllabus.'),
  faq: texts('FAQ', 'FAQ', 'FAQ has been deleted.', 'Failed to delete FAQ.'),
  review: texts('Reviews', 'Review', 'Review has been deleted.', 'Failed to delete review.'),
  resource: texts(
    'Resources',
    'Resource',
    'Additional resource has been deleted.',
    'Failed to delete additional resource.',
  ),
  tableData: texts('Features', 'Feature', 'Table data has been deleted.', 'Failed to delete table data.'),
};

const ITEM_NAMES: { [K in CourseItemKind]: (item: CourseItemFieldsOf<K>) => string } = {
  syllabus: (item) => `syllabus week ${item.week}`,
  faq: (item) => `FAQ "${item.question}"`,
  review: (item) => `review by ${item.reviewer}`,
  resource: (item) => `resource "${item.name}"`,
  tableData: (item) => `feature "${item.feature}"`,
};

/** How an item is named in its Edit and Delete buttons: 'syllabus week 2' in 'Edit syllabus week 2'. */
export const itemName = <K extends CourseItemKind>(kind: K, item: CourseItemFieldsOf<K>) => ITEM_NAMES[kind](item);

/** The details of a course page with every field empty, as a new course has them. */
export const EMPTY_COURSE_DETAILS: CourseDetails = {
  duration: '',
  level: '',
  language: '',
  certificate: '',
  instructor: '',
  enrollmentDeadline: '',
  startDate: '',
};

/** The lists of a course page with nothing in them. */
export const EMPTY_PAGE_LISTS = {
  syllabus: [],
  faq: [],
  reviews: [],
  additionalResources: [],
  tableData: [],
  whatYouWillLearn: [],
} satisfies Partial<Course['pageData']>;

import type { Course, CourseDetails } from '@/shared/schemas';

/** The seven tabs of a course page, in order: Page Data first. */
export const COURSE_TAB_NAMES = ['Page Data', 'Syllabus', 'FAQ', 'Reviews', 'Resources', 'Features', 'Learn'];

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

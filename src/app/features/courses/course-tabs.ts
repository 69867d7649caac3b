import type { COURSE_TABS } from '@/shared/constants';

/** The seven tabs of the course detail and their names in the URL (?tab=syllabus). */
export const COURSE_TAB_SLUGS = {
  'Page Data': 'page-data',
  Syllabus: 'syllabus',
  FAQ: 'faq',
  Reviews: 'reviews',
  Resources: 'resources',
  Features: 'features',
  Learn: 'learn',
} as const satisfies Record<(typeof COURSE_TABS)[number], string>;

export type CourseTab = (typeof COURSE_TAB_SLUGS)[keyof typeof COURSE_TAB_SLUGS];
export const DEFAULT_COURSE_TAB: CourseTab = 'page-data';

const slugs = new Set<string>(Object.values(COURSE_TAB_SLUGS));
const isCourseTab = (v: unknown): v is CourseTab => typeof v === 'string' && slugs.has(v);

/** validateSearch of /courses/$id: an unknown tab falls back to the first one. */
export const courseDetailSearch = (search: Record<string, unknown>): { tab?: CourseTab } => ({
  tab: isCourseTab(search.tab) ? search.tab : undefined,
});

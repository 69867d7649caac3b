import { DATA_DESIGN_COURSES } from './demo-courses-data-design';
import { DEV_COURSES } from './demo-courses-dev';
import type { CourseSeed } from './course-seed';

export const DEMO_COURSES: readonly CourseSeed[] = [...DEV_COURSES, ...DATA_DESIGN_COURSES];

export const courseImage = (slug: string) => `/images/courses/${slug}.svg`;

/** Days a live cohort meets, copied onto some enrollments. */
export const AVAILABLE_DAYS = ['Mon, Wed, Fri', 'Tue, Thu', 'Sat, Sun', 'Mon to Fri', 'Tue, Thu, Sat'] as const;

import { DATA_DESIGN_COURSES } from './demo-courses-data-design';
import { DEV_COURSES } from './demo-courses-dev';

/** One course with its whole public page; item lists are tuples to keep the data files readable. */
export interface CourseSeed {
  slug: string;
  title: string;
  cardDescription: string;
  description: string;
  /** Card marketing numbers: the average rating and review count across all platforms. */
  rating: number;
  reviewCount: number;
  price: string;
  discountPrice: string | null;
  details: {
    duration: string;
    level: string;
    language: string;
    certificate: string;
    instructor: string;
    /** YYYY-MM-DD, as the page-data form edits it. */
    enrollmentDeadline: string;
    startDate: string;
  };
  /** Week n is the n-th entry: [topic, details]. */
  syllabus: readonly (readonly [string, string])[];
  faq: readonly (readonly [string, string])[];
  /** [reviewer, rating 1..5, comment] */
  reviews: readonly (readonly [string, number, string])[];
  resources: readonly (readonly [string, string])[];
  tableData: readonly (readonly [string, string])[];
  learn: readonly string[];
}

export const DEMO_COURSES: readonly CourseSeed[] = [...DEV_COURSES, ...DATA_DESIGN_COURSES];

export const courseImage = (slug: string) => `/images/courses/${slug}.svg`;

/** Days a live cohort meets, copied onto some enrollments. */
export const AVAILABLE_DAYS = ['Mon, Wed, Fri', 'Tue, Thu', 'Sat, Sun', 'Mon to Fri', 'Tue, Thu, Sat'] as const;

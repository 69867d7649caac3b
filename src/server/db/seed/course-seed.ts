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

import { z } from 'zod';
import { LIMITS, RATING_MAX, RATING_MIN } from '@/shared/constants';
import { httpUrl, money, numberFrom, optionalText, requiredText } from './common';

export const syllabusItemSchema = z.object({
  _id: z.string(),
  week: z.number(),
  topic: z.string(),
  details: z.string(),
});
export const faqItemSchema = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
export const reviewItemSchema = z.object({
  _id: z.string(),
  reviewer: z.string(),
  comment: z.string(),
  rating: z.number(),
});
export const resourceItemSchema = z.object({ _id: z.string(), name: z.string(), link: z.string() });
export const tableDataItemSchema = z.object({ _id: z.string(), feature: z.string(), value: z.string() });

export const courseDetailsSchema = z.object({
  duration: z.string(),
  level: z.string(),
  language: z.string(),
  certificate: z.string(),
  instructor: z.string(),
  enrollmentDeadline: z.string(),
  startDate: z.string(),
});

export const courseSchema = z.object({
  _id: z.string(),
  cardData: z.object({
    image: z.string(),
    title: z.string(),
    description: z.string(),
    rating: z.number(),
    reviews: z.number(),
    price: z.number(),
  }),
  pageData: z.object({
    title: z.string(),
    description: z.string(),
    slug: z.string(),
    price: z.number(),
    discountPrice: z.number().nullable(),
    courseDetails: courseDetailsSchema,
    syllabus: z.array(syllabusItemSchema),
    faq: z.array(faqItemSchema),
    reviews: z.array(reviewItemSchema),
    additionalResources: z.array(resourceItemSchema),
    tableData: z.array(tableDataItemSchema),
    whatYouWillLearn: z.array(z.string()),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
export type SyllabusItem = z.infer<typeof syllabusItemSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export type ResourceItem = z.infer<typeof resourceItemSchema>;
export type TableDataItem = z.infer<typeof tableDataItemSchema>;
export type CourseDetails = z.infer<typeof courseDetailsSchema>;

const long = LIMITS.longText;

/** Review rating: the form clamps to 1..5 (default 1); the server rejects anything else. */
export const ratingSchema = numberFrom('Rating').pipe(
  z
    .number()
    .int('Rating must be a whole number.')
    .min(RATING_MIN, 'Rating must be between 1 and 5.')
    .max(RATING_MAX, 'Rating must be between 1 and 5.'),
);

export const courseCardBody = z.object({
  image: requiredText('Image', 2000),
  title: requiredText('Title'),
  description: requiredText('Description', long),
  rating: numberFrom('Rating').pipe(
    z.number().min(0, 'Rating must be between 0 and 5.').max(RATING_MAX, 'Rating must be between 0 and 5.'),
  ),
  reviews: numberFrom('Reviews').pipe(
    z.number().int('Reviews must be a whole number.').min(0, 'Reviews cannot be negative.').max(100_000_000),
  ),
  price: money('Price'),
});
export type CourseCardBody = z.infer<typeof courseCardBody>;

export const syllabusFields = z.object({
  week: numberFrom('Week').pipe(
    z.number().int('Week must be a whole number.').min(1, 'Week must be at least 1.').max(1000),
  ),
  topic: requiredText('Topic'),
  details: requiredText('Details', long),
});
export const faqFields = z.object({ question: requiredText('Question', 1000), answer: requiredText('Answer', long) });
export const reviewFields = z.object({
  reviewer: requiredText('Reviewer'),
  rating: ratingSchema,
  comment: requiredText('Comment', long),
});
export const resourceFields = z.object({ name: requiredText('Name'), link: httpUrl('Link') });
export const tableDataFields = z.object({ feature: requiredText('Feature'), value: requiredText('Value', 1000) });

export const slugSchema = z
  .string({ message: 'Slug is required.' })
  .trim()
  .min(1, 'Slug is required.')
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may only hold lower-case letters, digits and single dashes.');

export const pageDataBody = z.object({
  title: requiredText('Title'),
  description: requiredText('Description', long),
  slug: slugSchema,
  price: money('Price'),
  discountPrice: z.preprocess((v) => (v === '' || v === undefined ? null : v), money('Discount price').nullable()),
  courseDetails: z.object({
    duration: optionalText('Duration').default(''),
    level: optionalText('Level').default(''),
    language: optionalText('Language').default(''),
    certificate: optionalText('Certificate').default(''),
    instructor: optionalText('Instructor').default(''),
    enrollmentDeadline: optionalText('Enrollment deadline').default(''),
    startDate: optionalText('Start date').default(''),
  }),
});
export type PageDataBody = z.infer<typeof pageDataBody>;

export const whatYouWillLearnBody = z.object({
  whatYouWillLearn: z.array(requiredText('Each learning point', 500)).max(100, 'At most 100 learning points.'),
});

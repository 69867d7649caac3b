import { z } from 'zod';
import { LIMITS, RATING_MAX } from '@/shared/constants';
import { money, numberFrom, optionalText, requiredText } from './common';
import { courseItemLists } from './course-item-kinds';

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
    ...courseItemLists,
    whatYouWillLearn: z.array(z.string()),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
export type CourseDetails = z.infer<typeof courseDetailsSchema>;

const long = LIMITS.longText;

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

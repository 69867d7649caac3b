import { z } from 'zod';
import { DEFAULT_COURSE_IMAGE, LIMITS, RATING_MAX } from '@/shared/constants';
import { money, numberFrom, optionalText, requiredText } from './common';
import { courseItemLists } from './course-item-kinds';
import { expectedUpdatedAt } from './version';

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

/** A blank number field of the card means "none yet": a new course has no rating and no reviews (issue 23). */
const blankAsNone = (v: unknown) => (v === '' || v === null ? undefined : v);

export const courseCardBody = z.object({
  // Blank: the neutral default picture, which the card, the page and the public site can all show.
  image: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    requiredText('Image', 2000).default(DEFAULT_COURSE_IMAGE),
  ),
  title: requiredText('Title'),
  description: requiredText('Description', long),
  rating: z.preprocess(
    blankAsNone,
    numberFrom('Rating')
      .pipe(z.number().min(0, 'Rating must be between 0 and 5.').max(RATING_MAX, 'Rating must be between 0 and 5.'))
      .default(0),
  ),
  reviews: z.preprocess(
    blankAsNone,
    numberFrom('Reviews')
      .pipe(z.number().int('Reviews must be a whole number.').min(0, 'Reviews cannot be negative.').max(100_000_000))
      .default(0),
  ),
  price: money('Price'),
});
export type CourseCardBody = z.infer<typeof courseCardBody>;
/** The card edit may name the course's version it was made on (docs/conflicts.md). */
export const courseCardUpdateBody = courseCardBody.extend({ expectedUpdatedAt });

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
  expectedUpdatedAt,
});
export type PageDataBody = z.infer<typeof pageDataBody>;

export const whatYouWillLearnBody = z.object({
  whatYouWillLearn: z.array(requiredText('Each learning point', 500)).max(100, 'At most 100 learning points.'),
  expectedUpdatedAt,
});

import { z } from 'zod';
import { LIMITS, PAYMENT_STATUSES, PROGRESS_MAX, PROGRESS_MIN } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { currencySchema, idSchema, money, numberFrom, optionalText } from './common';
import { expectedUpdatedAt } from './version';

const nullableString = z.string().nullable();

export const populatedEnrollmentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableString,
  occupation: nullableString,
  interest: nullableString,
  pastExperience: nullableString,
});

export const enrollmentSchema = z.object({
  _id: z.string(),
  batchId: z.string().nullable(),
  userId: populatedEnrollmentUserSchema.nullable(),
  userDetails: z.object({ name: z.string(), email: z.string(), phone: nullableString }),
  courseDetails: z.object({
    title: z.string(),
    description: z.string(),
    slug: z.string(),
    availableDays: nullableString,
  }),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  paymentMethod: nullableString,
  transactionId: nullableString,
  paymentId: nullableString,
  amountPaid: z.number().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  progress: z.number(),
  completed: z.boolean(),
  certificateIssued: z.boolean(),
  isApproved: z.boolean(),
  isVerified: z.boolean(),
  verifiedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** Whole numbers only: the column is an integer and PostgreSQL refuses '40.5' rather than rounding it. */
export const progressSchema = numberFrom('Progress').pipe(
  z
    .number()
    .int('Progress must be a whole number.')
    .min(PROGRESS_MIN, MESSAGES.enrollment.progressRange)
    .max(PROGRESS_MAX, MESSAGES.enrollment.progressRange),
);

export const enrollBody = z.object({
  userId: idSchema,
  courseId: idSchema,
  batchId: idSchema,
  amount: money('Amount'),
  currency: currencySchema,
  paymentMethod: optionalText('Payment method'),
  transactionId: optionalText('Transaction ID'),
});

export const progressBody = z.object({ progress: progressSchema });

export const enrollmentUpdateBody = z
  .object({
    paymentId: z.string().trim().max(LIMITS.shortText).nullable(),
    amountPaid: numberFrom('Amount paid').pipe(
      z.number().min(0, MESSAGES.enrollment.amountNegative).max(9_999_999_999.99),
    ),
    currency: currencySchema,
    paymentStatus: z.enum(PAYMENT_STATUSES, { message: 'Payment status must be pending, completed or failed.' }),
    progress: progressSchema,
    completed: z.boolean(),
    certificateIssued: z.boolean(),
    isApproved: z.boolean(),
    batchId: idSchema,
  })
  .partial()
  .extend({ expectedUpdatedAt })
  .refine((b) => Object.keys(b).some((k) => k !== 'expectedUpdatedAt'), {
    message: 'Send at least one field to change.',
  });
export type EnrollmentUpdateBody = z.infer<typeof enrollmentUpdateBody>;

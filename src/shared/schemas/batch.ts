import { z } from 'zod';
import { isoDate, requiredText } from './common';
import { expectedBatch } from './version';

export const batchSchema = z.object({
  _id: z.string(),
  batchName: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  enrollmentCount: z.number(),
});
export type Batch = z.infer<typeof batchSchema>;

const batchFields = {
  batchName: requiredText('Batch name'),
  startDate: isoDate('Start date'),
  endDate: z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate('End date').nullable()),
};
const isActiveSchema = z.boolean({ message: 'Active must be true or false.' });
const endNotBeforeStart = (b: { startDate: string; endDate: string | null }) =>
  !b.endDate || Date.parse(b.endDate) >= Date.parse(b.startDate);
const endDateIssue = { message: 'End date cannot be before the start date.', path: ['endDate'] };

export const batchBody = z
  .object({ ...batchFields, isActive: isActiveSchema.default(true) })
  .refine(endNotBeforeStart, endDateIssue);
export type BatchBody = z.infer<typeof batchBody>;

/** The spec's update call sends only name and dates: an absent isActive keeps the batch's current state. */
export const batchUpdateBody = z
  .object({ ...batchFields, isActive: isActiveSchema.optional(), expected: expectedBatch })
  .refine(endNotBeforeStart, endDateIssue);
export type BatchUpdateBody = z.infer<typeof batchUpdateBody>;

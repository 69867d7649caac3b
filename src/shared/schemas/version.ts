import { z } from 'zod';

/**
 * The version rule (docs/conflicts.md): a write may name the version of the record it was made on; when the
 * stored record is another version, the server refuses the write with 409, a sentence and the record as it
 * is now (`current`). A write that names none goes through as the spec's routes always did.
 */
export const expectedUpdatedAt = z.iso
  .datetime({ message: 'expectedUpdatedAt must be an ISO date-time.' })
  .optional()
  .describe(
    'The `updatedAt` of the record (for a course item: of its course) when it was shown. If the record has ' +
      'changed since, nothing is written: 409 with `current`, the record as it is now. Leave it out to write anyway.',
  );

/** A batch has no updatedAt on the wire (docs/api.md lists its fields): its version is its values. */
export const expectedBatch = z
  .object({
    batchName: z.string(),
    startDate: z.iso.datetime({ message: 'expected.startDate must be an ISO date-time.' }),
    endDate: z.iso.datetime({ message: 'expected.endDate must be an ISO date-time.' }).nullable(),
    isActive: z.boolean(),
  })
  .optional()
  .describe(
    'The batch as it was shown (a batch has no `updatedAt`). If any of these values has changed since, nothing ' +
      'is written: 409 with `current`, the batch as it is now. Leave it out to write anyway.',
  );
export type ExpectedBatch = NonNullable<z.infer<typeof expectedBatch>>;

/** The body of a delete or a one-click write (no other fields) that names its version. */
export const versionBody = z.object({ expectedUpdatedAt });
export const batchVersionBody = z.object({ expected: expectedBatch });

import { z } from 'zod';

/** At most this many enrollments (data rows) in one file. */
export const IMPORT_MAX_ROWS = 50_000;
/** A larger file is refused before it is read: 50,000 export rows with course descriptions of ~700 characters fit. */
export const IMPORT_MAX_MB = 50;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

/** The enrollments download's columns, in its order: the template's header. */
export const ENROLLMENT_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Paid Amount',
  'Payment Method',
  'Transaction ID',
  'Course',
  'Course Description',
  'Approved',
  'Approval Date',
  'Enrollment Date',
  'Batch',
] as const;
/** What the import reads; the other export columns may be present or not and are not read. */
export const IMPORT_REQUIRED_COLUMNS = ['Email', 'Paid Amount', 'Payment Method', 'Transaction ID', 'Course'] as const;
export type ImportColumn = (typeof IMPORT_REQUIRED_COLUMNS)[number];
/** The result file's own columns: a result file can be fixed and imported again as it is. */
export const IMPORT_RESULT_COLUMNS = ['Import Result', 'Import Details'] as const;

export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const IMPORT_ROW_STATUSES = ['ready', 'imported', 'skipped', 'invalid'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowSchema = z.object({
  /** The row's number in a spreadsheet: the header is row 1. */
  row: z.number().int(),
  /** ready (dry run: would be imported), imported, skipped (its transaction ID is already recorded), invalid. */
  status: z.enum(IMPORT_ROW_STATUSES),
  /** What happens (or happened) to the row, in a sentence. */
  message: z.string(),
  /** What is wrong, by column. */
  errors: z.record(z.string(), z.string()).optional(),
  enrollmentId: z.string().optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  showMessage: z.boolean(),
  dryRun: z.boolean(),
  counts: z.object({
    rows: z.number().int(),
    /** dry run: would be imported; otherwise: imported. */
    ready: z.number().int(),
    skipped: z.number().int(),
    invalid: z.number().int(),
  }),
  rows: z.array(importRowSchema),
});
export type ImportReply = z.infer<typeof importReplySchema>;

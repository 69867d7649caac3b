import { downloadCsv, toCsv } from '@/app/lib/csv';
import { formatNumericDate, orNA } from '@/app/lib/format';
import { CSV_DEFAULT_AMOUNT, CSV_DEFAULT_CURRENCY } from '@/shared/constants';
import type { Batch, Enrollment } from '@/shared/schemas';
import { ENROLLMENT_CSV_COLUMNS } from '@/shared/schemas/import';
import { enrolleeEmail, enrolleeName, enrolleePhone } from './enrollee';

/** The download's columns (ENROLLMENT_CSV_COLUMNS), shared with the CSV import so the two never drift apart. */
const HEADER = ENROLLMENT_CSV_COLUMNS;

/** Currency plus amount, e.g. "USD 49.00"; USD and 0.00 when missing. */
const paidAmount = (e: Enrollment) =>
  `${e.currency || CSV_DEFAULT_CURRENCY} ${e.amount == null ? CSV_DEFAULT_AMOUNT : e.amount.toFixed(2)}`;

function enrollmentCells(batches: readonly Batch[]) {
  const batchNames = new Map(batches.map((b) => [b._id, b.batchName]));
  return (e: Enrollment) => [
    orNA(enrolleeName(e)),
    orNA(enrolleeEmail(e)),
    orNA(enrolleePhone(e)),
    paidAmount(e),
    orNA(e.paymentMethod),
    orNA(e.transactionId),
    orNA(e.courseDetails.title),
    orNA(e.courseDetails.description),
    e.isVerified ? 'Approved' : 'Pending',
    formatNumericDate(e.verifiedAt),
    formatNumericDate(e.createdAt),
    orNA(e.batchId ? batchNames.get(e.batchId) : null),
  ];
}

export const enrollmentsCsv = (enrollments: readonly Enrollment[], batches: readonly Batch[]) =>
  toCsv(HEADER, enrollments.map(enrollmentCells(batches)));

/** All: enrollments.csv; a batch: "{batch name}.csv"; one enrollment: "{user name}.csv". */
export const downloadEnrollments = (fileName: string, enrollments: readonly Enrollment[], batches: readonly Batch[]) =>
  void downloadCsv(`${fileName}.csv`, HEADER, enrollments, enrollmentCells(batches));

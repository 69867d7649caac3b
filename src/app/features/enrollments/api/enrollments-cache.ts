import { putRows, type RecordReply } from '@/app/lib/list-writes';
import type { Enrollment } from '@/shared/schemas';
import { enrollmentsQuery } from './get-enrollments';

export type EnrollmentReply = RecordReply<Enrollment>;

/** The server's copy replaces the local one. */
export const putEnrollment = (next: Enrollment) => putRows(enrollmentsQuery, [next]);

import { removeRow, replaceRow, type RecordReply } from '@/app/lib/list-writes';
import type { Enrollment } from '@/shared/schemas';
import { enrollmentsQuery } from './get-enrollments';
import type { QueryClient } from '@tanstack/react-query';

export type EnrollmentReply = RecordReply<Enrollment>;

/** The server's copy replaces the local one. */
export const replaceEnrollment = (qc: QueryClient, next: Enrollment) => replaceRow(qc, enrollmentsQuery, next);
export const removeEnrollment = (qc: QueryClient, id: string) => removeRow(qc, enrollmentsQuery, id);

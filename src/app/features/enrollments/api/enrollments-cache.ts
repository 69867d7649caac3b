import type { Enrollment } from '@/shared/schemas';
import { enrollmentsQuery } from './get-enrollments';
import type { QueryClient } from '@tanstack/react-query';

/** The server's copy replaces the local one; the persister saves the list. */
export const replaceEnrollment = (qc: QueryClient, next: Enrollment) =>
  qc.setQueryData(enrollmentsQuery.queryKey, (old) => old?.map((e) => (e._id === next._id ? next : e)));

export const removeEnrollment = (qc: QueryClient, id: string) =>
  qc.setQueryData(enrollmentsQuery.queryKey, (old) => old?.filter((e) => e._id !== id));

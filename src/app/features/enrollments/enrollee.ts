import type { Enrollment } from '@/shared/schemas';

/** The person behind an enrollment: the populated user when it still exists, else the copy taken at enrollment. */
export const enrolleeName = (e: Enrollment) => e.userId?.name || e.userDetails.name;
export const enrolleeEmail = (e: Enrollment) => e.userId?.email || e.userDetails.email;
export const enrolleePhone = (e: Enrollment) => e.userId?.phone || e.userDetails.phone;

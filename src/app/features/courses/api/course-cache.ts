import { appendRow, removeRow, replaceRow, type RecordReply } from '@/app/lib/list-writes';
import type { Course } from '@/shared/schemas';
import { coursesQuery } from './get-courses';
import type { QueryClient } from '@tanstack/react-query';

/** Every course write answers with the whole course (API.md); the server's copy wins. */
export type CourseReply = RecordReply<Course>;

export const replaceCourse = (qc: QueryClient, course: Course) => replaceRow(qc, coursesQuery, course);
/** The server lists courses oldest first, so a new one goes last. */
export const appendCourse = (qc: QueryClient, course: Course) => appendRow(qc, coursesQuery, course);
export const removeCourse = (qc: QueryClient, id: string) => removeRow(qc, coursesQuery, id);

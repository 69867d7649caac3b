import { putRows, type RecordReply } from '@/app/lib/list-writes';
import type { Course } from '@/shared/schemas';
import { coursesQuery } from './get-courses';

/** Every course write answers with the whole course (docs/api.md); the server's copy wins. */
export type CourseReply = RecordReply<Course>;

/** A new or changed course (the list keeps the server's order, oldest first). */
export const putCourse = (course: Course) => putRows(coursesQuery, [course]);

import type { Course } from '@/shared/schemas';
import { coursesQuery } from './get-courses';
import type { QueryClient } from '@tanstack/react-query';

/** Every course write answers with the whole course (API.md); the server's copy wins. */
export interface CourseReply {
  success: true;
  data: Course;
  message?: string;
  showMessage?: boolean;
}

// Updaters return undefined when the list is not loaded, which leaves the cache untouched.
export const replaceCourse = (qc: QueryClient, course: Course) =>
  qc.setQueryData(coursesQuery.queryKey, (old) => old?.map((c) => (c._id === course._id ? course : c)));

/** The server lists courses oldest first, so a new one goes last. */
export const appendCourse = (qc: QueryClient, course: Course) =>
  qc.setQueryData(coursesQuery.queryKey, (old) => old && [...old.filter((c) => c._id !== course._id), course]);

export const removeCourse = (qc: QueryClient, id: string) =>
  qc.setQueryData(coursesQuery.queryKey, (old) => old?.filter((c) => c._id !== id));

import { apiPath } from '@/app/lib/api-client';
import { useDeleteRow } from '@/app/lib/list-writes';
import { coursesQuery } from './get-courses';

/** DELETE /courses/{id}, naming the version shown; on success the course leaves the local list. */
export const useDeleteCourse = () => useDeleteRow(coursesQuery, (id) => apiPath`/courses/${id}`);

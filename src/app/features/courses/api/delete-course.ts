import { useDeleteRow } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { coursesQuery } from './get-courses';

/** DELETE /courses/{id}, naming the version shown; on success the course leaves the local list. */
export const useDeleteCourse = () => useDeleteRow(coursesQuery, API_ROUTES.deleteCourse);

import { createFileRoute } from '@tanstack/react-router';
import { CourseDetailPage } from '@/app/features/courses/components/course-detail-page';
import { courseDetailSearch } from '@/app/features/courses/course-tabs';

export const Route = createFileRoute('/_authed/courses/$id')({
  validateSearch: courseDetailSearch,
  component: CourseDetailPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { CoursesPage } from '@/app/features/courses/components/courses-page';

export const Route = createFileRoute('/_authed/courses/')({
  component: CoursesPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { CoursesPage } from '../../../features/courses/components/courses-page';

export const Route = createFileRoute('/_authed/courses/')({
  component: CoursesPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { BatchEnrollmentsPage } from '@/app/features/enrollments/components/batch-enrollments-page';

export const Route = createFileRoute('/_authed/enrollments/batch/$id')({
  component: BatchEnrollmentsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { BatchEnrollmentsPage } from '@/app/features/enrollments/components/batch-enrollments-page';
import { validateEnrollmentsSearch } from '@/app/features/enrollments/enrollments-search';

export const Route = createFileRoute('/_authed/enrollments/batch/$id')({
  validateSearch: validateEnrollmentsSearch,
  component: BatchEnrollmentsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { AllEnrollmentsPage } from '@/app/features/enrollments/components/all-enrollments-page';
import { validateEnrollmentsSearch } from '@/app/features/enrollments/enrollments-search';

export const Route = createFileRoute('/_authed/enrollments/all')({
  validateSearch: validateEnrollmentsSearch,
  component: AllEnrollmentsPage,
});

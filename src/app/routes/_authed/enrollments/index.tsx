import { createFileRoute } from '@tanstack/react-router';
import { EnrollmentsOverview } from '@/app/features/enrollments/components/enrollments-overview';

export const Route = createFileRoute('/_authed/enrollments/')({
  component: EnrollmentsOverview,
});

import { createFileRoute } from '@tanstack/react-router';
import { EnrollmentDetailPage } from '@/app/features/enrollments/components/enrollment-detail-page';

export const Route = createFileRoute('/_authed/enrollments/$id')({
  component: EnrollmentDetailPage,
});

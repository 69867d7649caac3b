import { createFileRoute } from '@tanstack/react-router';
import { ServiceDetailPage } from '@/app/features/services/components/service-detail-page';

export const Route = createFileRoute('/_authed/services/$id')({
  component: ServiceDetailPage,
});

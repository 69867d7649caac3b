import { createFileRoute } from '@tanstack/react-router';
import { ServiceDetailPage } from '../../../features/services/components/service-detail-page';

export const Route = createFileRoute('/_authed/services/$id')({
  component: ServiceDetailPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '@/app/features/services/components/services-page';

export const Route = createFileRoute('/_authed/services/')({
  component: ServicesPage,
});

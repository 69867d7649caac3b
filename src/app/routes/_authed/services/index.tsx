import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage, validateServicesSearch } from '@/app/features/services/components/services-page';

export const Route = createFileRoute('/_authed/services/')({
  validateSearch: validateServicesSearch,
  component: ServicesPage,
});

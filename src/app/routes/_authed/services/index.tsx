import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '@/app/features/services/components/services-page';
import { validateServicesSearch } from '@/app/features/services/services-search';

export const Route = createFileRoute('/_authed/services/')({
  validateSearch: validateServicesSearch,
  component: ServicesPage,
});

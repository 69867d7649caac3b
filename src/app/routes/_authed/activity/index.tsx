import { createFileRoute } from '@tanstack/react-router';
import { validateActivitySearch } from '@/app/features/activity/activity-filter';
import { ActivityPage } from '@/app/features/activity/components/activity-page';

export const Route = createFileRoute('/_authed/activity/')({
  validateSearch: validateActivitySearch,
  component: ActivityPage,
});

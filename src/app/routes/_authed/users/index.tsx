import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/app/features/users/components/users-page';
import { validateUsersSearch } from '@/app/features/users/users-search';

export const Route = createFileRoute('/_authed/users/')({
  validateSearch: validateUsersSearch,
  component: UsersPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { UserProfilePage } from '@/app/features/users/components/user-profile-page';

export const Route = createFileRoute('/_authed/users/$id')({
  component: UserProfilePage,
});

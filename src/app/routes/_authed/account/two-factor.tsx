import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '@/app/features/auth/components/two-factor-page';

export const Route = createFileRoute('/_authed/account/two-factor')({ component: TwoFactorPage });

import { createFileRoute } from '@tanstack/react-router';
import { SessionsPage } from '@/app/features/auth/components/sessions-page';

export const Route = createFileRoute('/_authed/account/sessions')({ component: SessionsPage });

import { createFileRoute } from '@tanstack/react-router';
import { ApiDocsPage } from '@/app/features/api-docs/components/api-docs-page';

export const Route = createFileRoute('/_authed/api-docs/')({
  component: ApiDocsPage,
});

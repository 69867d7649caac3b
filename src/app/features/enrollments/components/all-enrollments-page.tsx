import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageHeader } from '@/app/components/ui/page-header';
import { BackLink } from '@/app/components/ui/record-page';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import type { ListSearch } from '@/app/lib/list-search';
import { MESSAGES } from '@/shared/messages';
import { EnrollmentsList } from './enrollments-list';

const route = getRouteApi('/_authed/enrollments/all');

/**
 * Every enrollment across batches in one table (issue 23): where the dashboard's "Enrollments to approve" leads,
 * filtered to the pending ones, so an admin need not go batch by batch.
 */
export function AllEnrollmentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const write = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  return (
    <>
      <BackLink to="/enrollments">{MESSAGES.shell.backToBatches}</BackLink>
      <PageHeader title={MESSAGES.lists.allEnrollments} />
      <Text c="dimmed" size="sm" mt={-8} mb="md">
        {MESSAGES.lists.allEnrollmentsHint}
      </Text>
      <EnrollmentsList rows={enrollments} batches={batches} withBatch search={search} write={write} scope="all" />
    </>
  );
}

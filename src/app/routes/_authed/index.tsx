import { Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ListArrival } from '@/app/components/ui/list-arrival';
import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { DashboardPage } from '@/app/features/dashboard/components/dashboard-page';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { usersQuery } from '@/app/features/users/api/get-users';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import type { SyncList } from '@/shared/sync-lists';

export const Route = createFileRoute('/_authed/')({
  component: Dashboard,
});

/** The lists the dashboard's figures count. */
const COUNTED: SyncList[] = ['users', 'courses', 'enrollments', 'batches', 'services'];
const NONE: never[] = [];

/**
 * The app composes the features: the dashboard gets every list from here. It shows as soon as the newest
 * enrollments are on the device; until every list it counts is whole (a first sync), its figures are the server's
 * summary (docs/sync.md, "Progressive first sync"), or, without one, counts of what has come, saying so.
 */
function Dashboard() {
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const users = useQuery(usersQuery).data ?? NONE;
  const courses = useQuery(coursesQuery).data ?? NONE;
  const batches = useQuery(batchesQuery).data ?? NONE;
  const services = useQuery(servicesQuery).data ?? NONE;
  const { arrival } = useSyncState();
  const partial = arrival !== null && COUNTED.some((l) => !arrival.whole.includes(l));
  const summary = partial ? arrival.summary : null;
  const note = !partial ? null : summary ? (
    <Text size="sm" c="dimmed" role="status" mt={-8}>
      {MESSAGES.sync.summaryNote}
    </Text>
  ) : (
    <ListArrival lists={COUNTED} />
  );
  return (
    <DashboardPage
      users={users}
      courses={courses}
      enrollments={enrollments}
      batches={batches}
      services={services}
      summary={summary}
      note={note}
    />
  );
}

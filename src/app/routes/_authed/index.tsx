import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { DashboardPage } from '@/app/features/dashboard/components/dashboard-page';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { usersQuery } from '@/app/features/users/api/get-users';

export const Route = createFileRoute('/_authed/')({
  component: Dashboard,
});

/** The app composes the features: the dashboard gets every list from here. */
function Dashboard() {
  const { data: users } = useSuspenseQuery(usersQuery);
  const { data: courses } = useSuspenseQuery(coursesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: services } = useSuspenseQuery(servicesQuery);
  return (
    <DashboardPage users={users} courses={courses} enrollments={enrollments} batches={batches} services={services} />
  );
}

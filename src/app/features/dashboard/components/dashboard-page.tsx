import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconBook2,
  IconCalendarEvent,
  IconCertificate,
  IconRosetteDiscountCheck,
  IconShoppingBag,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { computeStats } from '@/app/features/dashboard/dashboard-stats';
import { formatCount, formatDate, formatMoney } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Batch, Course, Enrollment, Service, User } from '@/shared/schemas';
import type { SyncSummary } from '@/shared/schemas/sync';
import { StatCard, ToApproveCard } from './stat-card';

export interface DashboardLists {
  users: User[];
  courses: Course[];
  enrollments: Enrollment[];
  batches: Batch[];
  services: Service[];
  /**
   * While a first sync still brings the lists: the server's figures as it began (its `summary`), shown instead of
   * counting lists that are not whole yet; `note` says so.
   */
  summary?: SyncSummary | null;
  note?: ReactNode;
}

/**
 * The landing screen: what the business looks like today and what waits for an admin. It reads the
 * other features' lists, so its route hands them in (features do not import each other).
 */
export function DashboardPage({ users, courses, enrollments, batches, services, summary, note }: DashboardLists) {
  const stats = useMemo(
    () =>
      summary
        ? { ...summary, newestEnrollments: enrollments.slice(0, 6) }
        : computeStats(users, courses, enrollments, batches, services),
    [summary, users, courses, enrollments, batches, services],
  );

  return (
    <Stack gap="lg">
      <Title order={2}>Dashboard</Title>
      {note}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <StatCard
          label="Users"
          count={stats.users}
          hint={`${formatCount(stats.verifiedUsers)} verified`}
          icon={IconUsers}
          color="indigo"
          to="/users"
        />
        <StatCard
          label="Verified users"
          count={stats.verifiedUsers}
          hint={stats.users ? `${Math.round((stats.verifiedUsers / stats.users) * 100)}% of all users` : undefined}
          icon={IconRosetteDiscountCheck}
          color="teal"
          to="/users"
          search={{ status: 'verified' }}
        />
        <StatCard label="Courses" count={stats.courses} icon={IconBook2} color="grape" to="/courses" />
        <StatCard
          label="Active batches"
          count={stats.activeBatches}
          hint={summary ? undefined : `${formatCount(batches.length)} in all`}
          icon={IconCalendarEvent}
          color="cyan"
          to="/enrollments"
        />
        <ToApproveCard
          what="Enrollments"
          count={stats.pendingEnrollments}
          hint={MESSAGES.lists.pendingAcrossBatches}
          icon={IconCertificate}
          to="/enrollments/all"
          search={{ status: 'pending' }}
        />
        <ToApproveCard
          what="Service purchases"
          count={stats.pendingServices}
          hint="Approve or delete them"
          icon={IconShoppingBag}
          to="/services"
          search={{ status: 'pending' }}
        />
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md" h="100%">
            <Title order={4} mb="sm">
              Revenue
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              Approved enrollments and verified service purchases
            </Text>
            {stats.revenue.length ? (
              <Stack gap={6}>
                {stats.revenue.map((r) => (
                  <Group key={r.currency} justify="space-between">
                    <Badge variant="light">{r.currency}</Badge>
                    <Text fw={600}>{formatMoney(r.amount, r.currency)}</Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text c="dimmed">No approved payments yet.</Text>
            )}
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" h="100%">
            <Group justify="space-between" mb="sm">
              <Title order={4}>Newest enrollments</Title>
              <Anchor component={Link} to="/enrollments" size="sm">
                All enrollments
              </Anchor>
            </Group>
            {stats.newestEnrollments.length ? (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Course</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {stats.newestEnrollments.map((e) => (
                      <Table.Tr key={e._id}>
                        <Table.Td>
                          <Anchor
                            renderRoot={(props) => <Link to="/enrollments/$id" params={{ id: e._id }} {...props} />}
                          >
                            {e.userDetails.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{e.courseDetails.title}</Table.Td>
                        <Table.Td>{formatDate(e.createdAt)}</Table.Td>
                        <Table.Td>
                          <Badge color={e.isVerified ? 'green' : 'yellow'} variant="light">
                            {e.isVerified ? 'Approved' : 'Pending'}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text c="dimmed">No enrollments yet.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

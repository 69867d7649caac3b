import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { YesNoBadge } from '@/app/components/ui/badges';
import { DetailField, DetailGrid } from '@/app/components/ui/detail-field';
import { RecordHistory } from '@/app/components/ui/record-history';
import { BackLink, RecordLoading, RecordNotFound } from '@/app/components/ui/record-page';
import { usersQuery } from '@/app/features/users/api/get-users';
import { formatDate, orNA } from '@/app/lib/format';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { DeleteUserButton, DownloadUserButton } from './user-actions';
import { initialOf } from './users-table';

const route = getRouteApi('/_authed/users/$id');

const backLink = <BackLink to="/users">Back to users</BackLink>;

/** Shows Loading until the user is in the loaded list (spec 2), then the profile or a clear not-found state. */
export function UserProfilePage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const { data: users } = useQuery(usersQuery);
  const user = users?.find((u) => u._id === id);
  const { caughtUp } = useSyncState();

  // A user newer than the device copy comes with this start-up's first pull.
  if (!users || (!user && !caughtUp)) return <RecordLoading text="Loading" />;
  if (!user)
    return (
      <RecordNotFound
        title="User not found"
        text="This user is not in the loaded list. They may have been deleted."
        back={backLink}
        recordId={id}
      />
    );

  return (
    <Stack gap="md" maw={880}>
      {backLink}
      <Card withBorder radius="lg" padding="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Group gap="lg" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
            <Avatar size={72} radius="xl" color="initials" name={user.name} fz={28} aria-hidden>
              {initialOf(user.name)}
            </Avatar>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Title>
              <Text c="dimmed">{orNA(user.occupation)}</Text>
              <Group gap="xs">
                <Anchor href={`mailto:${user.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Anchor>
                <YesNoBadge value={user.isVerified} yes="Verified" no="Not Verified" />
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            <DownloadUserButton user={user} />
            <DeleteUserButton user={user} onDeleted={() => void navigate({ to: '/users', replace: true })} />
          </Group>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="xl">
        <DetailGrid>
          <DetailField label="Age">{orNA(user.age)}</DetailField>
          <DetailField label="Contact Number">{orNA(user.contactNo)}</DetailField>
          <DetailField label="Account Created">{formatDate(user.createdAt)}</DetailField>
          <DetailField label="Interest">{orNA(user.interest)}</DetailField>
          <DetailField label="Past Experience">{orNA(user.pastExperience)}</DetailField>
        </DetailGrid>
      </Card>
      <RecordHistory recordId={user._id} />
    </Stack>
  );
}

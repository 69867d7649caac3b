import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { YesNoBadge } from '@/app/components/ui/badges';
import { LoadedRecord } from '@/app/components/ui/record-page';
import { UserFields } from '@/app/components/ui/user-fields';
import { usersQuery } from '@/app/features/users/api/get-users';
import { orNA } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';
import { DeleteUserButton, DownloadUserButton } from './user-actions';
import { initialOf } from './users-table';

function UserProfile({ user, backToList }: { user: User; backToList: () => void }) {
  return (
    <>
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
            <DeleteUserButton user={user} onDeleted={backToList} />
          </Group>
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="xl">
        <UserFields user={user} fields={['age', 'contactNo', 'createdAt', 'interest', 'pastExperience']} />
      </Card>
    </>
  );
}

/** Shows Loading until the user is in the loaded list, then the profile or a clear not-found state. */
export const UserProfilePage = () => (
  <LoadedRecord query={usersQuery} words={MESSAGES.users.record} to="/users" maw={880}>
    {(user, backToList) => <UserProfile user={user} backToList={backToList} />}
  </LoadedRecord>
);

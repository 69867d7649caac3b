import { Card, Title } from '@mantine/core';
import { UserFields } from '@/app/components/ui/user-fields';
import type { User } from '@/shared/schemas';

/** The linked user's account: only when the purchase still has a user. */
export function AccountInfo({ user }: { user: User }) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Title order={3} size="h4" mb="md">
        Account Information
      </Title>
      <UserFields user={user} fields={['occupation', 'age', 'pastExperience', 'interest', 'contactNo', 'createdAt']} />
    </Card>
  );
}

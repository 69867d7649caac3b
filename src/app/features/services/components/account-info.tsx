import { Card, Title } from '@mantine/core';
import { DetailField, DetailGrid } from '@/app/components/ui/detail-field';
import { formatDate, orNA } from '@/app/lib/format';
import type { User } from '@/shared/schemas';

/** The linked user's account (spec 2): only when the purchase still has a user. */
export function AccountInfo({ user }: { user: User }) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Title order={3} size="h4" mb="md">
        Account Information
      </Title>
      <DetailGrid>
        <DetailField label="Occupation">{orNA(user.occupation)}</DetailField>
        <DetailField label="Age">{orNA(user.age)}</DetailField>
        <DetailField label="Past Experience">{orNA(user.pastExperience)}</DetailField>
        <DetailField label="Interest">{orNA(user.interest)}</DetailField>
        <DetailField label="Contact Number">{orNA(user.contactNo)}</DetailField>
        <DetailField label="Account Created">{formatDate(user.createdAt)}</DetailField>
      </DetailGrid>
    </Card>
  );
}

import { Anchor, Center, Group, Loader, Stack, Text, Title, type AnchorProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { RecordHistory } from './record-history';
import type { ReactNode } from 'react';

/** The pieces of a screen that shows one record of a loaded list: back to the list, loading, not found. */

/** "← Back to users": the way from a record back to its list. */
export function BackLink({ to, children, ...props }: { to: LinkProps['to']; children: ReactNode } & AnchorProps) {
  return (
    <Anchor component={Link} to={to} size="sm" {...props}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> {children}
      </Group>
    </Anchor>
  );
}

/** Until the list that holds the record has loaded. */
export function RecordLoading({ text }: { text: string }) {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}

/** A record the loaded list does not hold: why, the way back, and its history (a deleted record's last state). */
export function RecordNotFound({
  title,
  text,
  back,
  recordId,
}: {
  title: string;
  text: string;
  back: ReactNode;
  recordId: string;
}) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
      {back}
      <RecordHistory recordId={recordId} />
    </Stack>
  );
}

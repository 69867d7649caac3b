import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title with its actions on the right; wraps under the title on phones. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={2}>{title}</Title>
      {children ? <Group gap="xs">{children}</Group> : null}
    </Group>
  );
}

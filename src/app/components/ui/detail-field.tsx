import { SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A labelled read-only value of a detail screen; long values (emails, ids) wrap instead of overflowing.
 * Its wrapper is the one <div> a <dl> may hold around a <dt>/<dd> pair; `wide` spans the whole row.
 */
export function DetailField({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The description list that holds DetailFields, one column on phones. */
export function DetailGrid({
  children,
  cols = { base: 1, sm: 2, md: 3 },
}: {
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="lg" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

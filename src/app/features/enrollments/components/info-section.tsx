import { Card, Title } from '@mantine/core';
import { DetailField, DetailGrid } from '@/app/components/ui/detail-field';
import { NA } from '@/app/lib/format';
import type { ReactNode } from 'react';

/** Label, value, and `wide` for long text that takes the whole row. */
export type InfoItem = [label: string, value: ReactNode, wide?: 'wide'];

/** A titled card of label/value pairs; empty values read N/A. */
export function InfoSection({ title, items, children }: { title: string; items: InfoItem[]; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      <DetailGrid cols={{ base: 1, xs: 2 }}>
        {items.map(([label, value, wide]) => (
          <DetailField key={label} label={label} wide={wide === 'wide'}>
            {value === null || value === undefined || value === '' ? NA : value}
          </DetailField>
        ))}
      </DetailGrid>
      {children}
    </Card>
  );
}

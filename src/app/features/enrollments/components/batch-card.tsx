import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DeleteActionIcon, WriteActionIcon } from '@/app/components/ui/write-controls';
import { formatLongDate } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';

interface BatchCardProps {
  batch: Batch;
  enrollmentCount: number;
  onEdit: () => void;
  onDelete: () => void;
}

/** One batch on the overview: name, Active badge, enrollment count, long-month dates and its actions. */
export function BatchCard({ batch, enrollmentCount, onEdit, onDelete }: BatchCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={batch.batchName}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {batch.batchName}
          </Title>
          {batch.isActive ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              Active
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconUsers size={16} stroke={1.6} aria-hidden />
          <Text size="sm">{MESSAGES.count.enrollments(enrollmentCount)}</Text>
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={16} stroke={1.6} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
          <Stack gap={0}>
            <Text size="sm">Starts {formatLongDate(batch.startDate)}</Text>
            {batch.endDate ? <Text size="sm">Ends {formatLongDate(batch.endDate)}</Text> : null}
          </Stack>
        </Group>
        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
          <Button
            renderRoot={(props) => <Link to="/enrollments/batch/$id" params={{ id: batch._id }} {...props} />}
            variant="light"
            size="sm"
          >
            View Enrollments
          </Button>
          <Group gap={4} wrap="nowrap">
            <WriteActionIcon label={`Edit batch ${batch.batchName}`} onClick={onEdit} size="lg">
              <IconEdit size={18} stroke={1.6} />
            </WriteActionIcon>
            <DeleteActionIcon label={`Delete batch ${batch.batchName}`} onClick={onDelete} size="lg" />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

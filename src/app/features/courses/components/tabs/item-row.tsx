import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { WriteActionIcon } from '@/app/components/ui/write-controls';
import type { ReactNode } from 'react';

interface ItemRowProps {
  /** e.g. 'FAQ "Do I need experience?"': the buttons read 'Edit FAQ "…"' and 'Delete FAQ "…"'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  children: ReactNode;
}

export function ItemRow({ name, onEdit, onDelete, deleting, children }: ItemRowProps) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
        <Group gap={4} wrap="nowrap">
          <WriteActionIcon label={`Edit ${name}`} onClick={onEdit} size="lg">
            <IconPencil size={18} />
          </WriteActionIcon>
          <WriteActionIcon label={`Delete ${name}`} color="red" onClick={onDelete} loading={deleting} size="lg">
            <IconTrash size={18} />
          </WriteActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** An item's long text (details, answer, comment) with the line breaks it was typed with. */
export function ItemText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
      {children}
    </Text>
  );
}

/**
 * How most items read: an optional line above (the week), the title in bold with anything beside it (the rating),
 * then the long text.
 */
export function ItemBody({
  above,
  title,
  beside,
  text,
}: {
  above?: ReactNode;
  title: ReactNode;
  beside?: ReactNode;
  text: ReactNode;
}) {
  const heading = <Text fw={600}>{title}</Text>;
  return (
    <Stack gap={4}>
      {above}
      {beside ? (
        <Group gap="sm">
          {heading}
          {beside}
        </Group>
      ) : (
        heading
      )}
      <ItemText>{text}</ItemText>
    </Stack>
  );
}

import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { WriteActionIcon } from '@/app/components/ui/write-controls';
import { useConfirmedDelete } from '@/app/features/enrollments/api/delete-enrollment';
import { enrolleeName } from '@/app/features/enrollments/enrollee';
import type { Enrollment } from '@/shared/schemas';
import { ApprovalButton } from './approval-button';

/** Approve/Disapprove, download and delete of one row; each row runs its own requests. */
export function EnrollmentRowActions({ enrollment, onDownload }: { enrollment: Enrollment; onDownload: () => void }) {
  const { remove, isPending } = useConfirmedDelete();
  const name = enrolleeName(enrollment);
  return (
    <Group gap={4} wrap="nowrap">
      <ApprovalButton enrollment={enrollment} />
      <Tooltip label={`Download enrollment of ${name}`}>
        <ActionIcon variant="subtle" aria-label={`Download enrollment of ${name}`} onClick={onDownload}>
          <IconDownload size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <WriteActionIcon
        label={`Delete enrollment of ${name}`}
        color="red"
        loading={isPending}
        onClick={() => void remove(enrollment._id)}
      >
        <IconTrash size={18} stroke={1.6} />
      </WriteActionIcon>
    </Group>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Hint } from '@/app/components/ui/hint';
import { DeleteActionIcon } from '@/app/components/ui/write-controls';
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
      <Hint label={`Download enrollment of ${name}`}>
        <ActionIcon variant="subtle" aria-label={`Download enrollment of ${name}`} onClick={onDownload}>
          <IconDownload size={18} stroke={1.6} />
        </ActionIcon>
      </Hint>
      <DeleteActionIcon
        label={`Delete enrollment of ${name}`}
        loading={isPending}
        onClick={() => void remove(enrollment)}
      />
    </Group>
  );
}

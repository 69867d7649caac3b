import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { WriteButton } from '@/app/components/ui/write-controls';
import { useSetApproval } from '@/app/features/enrollments/api/set-approval';
import type { Enrollment } from '@/shared/schemas';
import type { MantineSize } from '@mantine/core';

/**
 * Approve a pending enrollment or Disapprove an approved one; spinner and disabled while running.
 * Approve is the call to action; Disapprove stays quiet, and both share a width so a column lines up.
 */
export function ApprovalButton({ enrollment, size = 'xs' }: { enrollment: Enrollment; size?: MantineSize }) {
  const approval = useSetApproval();
  const approve = !enrollment.isVerified;
  const Icon = approve ? IconCircleCheck : IconCircleX;
  return (
    <WriteButton
      size={size}
      variant={approve ? 'light' : 'default'}
      color={approve ? 'green' : undefined}
      miw={size === 'xs' ? 128 : 140}
      leftSection={<Icon size={16} stroke={1.8} />}
      loading={approval.isPending}
      disabled={approval.isPending}
      onClick={() => approval.mutate({ id: enrollment._id, approve })}
    >
      {approve ? 'Approve' : 'Disapprove'}
    </WriteButton>
  );
}

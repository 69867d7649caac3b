import { ActionIcon, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Hint } from '@/app/components/ui/hint';
import { ConfirmedDeleteButton, type DeleteOptions } from '@/app/components/ui/write-controls';
import { useDeleteUser, useDeletingUserIds } from '@/app/features/users/api/delete-user';
import { downloadUsersCsv, userFileName } from '@/app/features/users/csv';
import { deleteWithNotice } from '@/app/lib/confirm';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';

/** Confirm, delete, then the spec's 'Deleted!' or 'Error!' notice. Resolves true once the user is gone. */
function useConfirmedDelete(user: User) {
  const { mutateAsync } = useDeleteUser();
  const deleting = useDeletingUserIds().has(user._id);
  const run = () => deleteWithNotice(() => mutateAsync({ id: user._id }), MESSAGES.deleted.user);
  return { run, deleting };
}

/** `compact`: the table's icon; otherwise a labelled button for the profile. */
export function DeleteUserButton({ user, ...options }: { user: User } & DeleteOptions) {
  const { run, deleting } = useConfirmedDelete(user);
  return (
    <ConfirmedDeleteButton {...options} label={`Delete user ${user.name}`} loading={deleting} remove={run}>
      Delete user
    </ConfirmedDeleteButton>
  );
}

/** One user's CSV, 'User : {name}.csv'; a local export, so it works offline too. */
export function DownloadUserButton({ user, compact = false }: { user: User; compact?: boolean }) {
  const label = `Download user ${user.name}`;
  const onClick = () => downloadUsersCsv([user], userFileName(user));
  if (compact) {
    return (
      <Hint label={label}>
        <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
          <IconDownload size={18} stroke={1.6} />
        </ActionIcon>
      </Hint>
    );
  }
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onClick}>
      Download CSV
    </Button>
  );
}

import { IconCheck, IconX } from '@tabler/icons-react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { ConfirmedDeleteButton, type DeleteOptions, WriteButton } from '@/app/components/ui/write-controls';
import { useDeleteService, useDeletingServiceIds } from '@/app/features/services/api/delete-service';
import { useVerifyingServiceIds, useVerifyService } from '@/app/features/services/api/verify-service';
import { confirmWrite } from '@/app/lib/confirm';
import { deleteShown, updatedAtVersion } from '@/app/lib/list-writes';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';

export const ServiceStatusBadge = ({ service }: { service: Service }) => (
  <YesNoBadge value={service.isVerified} yes="Verified" no="Pending" noColor="yellow" />
);

/** One action toggles approval: Approve while pending, Disapprove once verified. */
export function VerifyServiceButton({ service, size = 'xs' }: { service: Service; size?: 'xs' | 'sm' }) {
  const { mutate } = useVerifyService();
  const running = useVerifyingServiceIds().has(service._id);
  const approve = !service.isVerified;
  // Approve is the call to action; Disapprove stays quiet so a page of verified rows is not a wall of colour.
  return (
    <WriteButton
      size={size}
      miw={size === 'xs' ? 128 : undefined}
      variant={approve ? 'light' : 'default'}
      color={approve ? 'green' : undefined}
      leftSection={approve ? <IconCheck size={14} /> : <IconX size={14} />}
      loading={running}
      onClick={() => mutate({ id: service._id, version: updatedAtVersion(service) })}
    >
      {approve ? 'Approve' : 'Disapprove'}
    </WriteButton>
  );
}

/** Asks with the service's own dialog (lib/confirm.ts), then deletes; a failure is toasted and logged by the mutation. */
export function DeleteServiceButton({ service, ...options }: { service: Service } & DeleteOptions) {
  const { mutateAsync } = useDeleteService();
  const deleting = useDeletingServiceIds().has(service._id);
  const title = service.serviceDetails.title;
  const remove = async () => {
    const ok = await confirmWrite({
      title: MESSAGES.deleteService.title,
      text: MESSAGES.deleteService.text(title),
      confirmText: 'Delete',
    });
    if (!ok) return false;
    try {
      return await deleteShown(
        (version) => mutateAsync({ id: service._id, version }),
        updatedAtVersion(service),
        updatedAtVersion,
      );
    } catch {
      return false;
    }
  };
  return (
    <ConfirmedDeleteButton
      {...options}
      label={`Delete service ${title} of ${service.userDetails.name}`}
      size="sm"
      loading={deleting}
      remove={remove}
    >
      Delete
    </ConfirmedDeleteButton>
  );
}

import { Button, Group, Modal, Stack } from '@mantine/core';
import { WriteButton } from './write-controls';
import type { FormEvent, ReactNode } from 'react';

interface ModalFormProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** 'Adding...', 'Updating...' or 'Processing...': the modals' busy labels. */
  pendingLabel: string;
  pending: boolean;
  /** The conflict panel of a save refused as stale (conflict-panel.tsx): shown first, and it has the say. */
  conflict?: ReactNode;
  children: ReactNode;
}

/**
 * The one modal form: Cancel and a submit button that shows its pending label and is disabled meanwhile, and
 * while a conflict panel asks the admin to choose between their values and theirs.
 */
export function ModalForm({
  title,
  opened,
  onClose,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  conflict,
  children,
}: ModalFormProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {conflict}
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <WriteButton type="submit" disabled={pending || Boolean(conflict)}>
              {pending ? pendingLabel : submitLabel}
            </WriteButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { ActionIcon, Button, type ActionIconProps, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { OFFLINE_WRITE_REASON, useOnline } from '@/app/lib/online';
import { Hint } from './hint';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type ButtonAttrs = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'>;

/**
 * Every button that changes data on the server. Writes are online only: offline it is disabled and
 * its tooltip (and accessible description) says why; nothing is queued.
 */
export function WriteButton({ children, disabled, ...props }: ButtonProps & ButtonAttrs & { children: ReactNode }) {
  const online = useOnline();
  const button = (
    <Button {...props} disabled={disabled || !online} aria-description={online ? undefined : OFFLINE_WRITE_REASON}>
      {children}
    </Button>
  );
  return online ? button : <Hint label={OFFLINE_WRITE_REASON}>{<span>{button}</span>}</Hint>;
}

/** Icon-only write action; `label` is its accessible name, e.g. "Delete user Ann Lee". */
export function WriteActionIcon({
  label,
  children,
  disabled,
  ...props
}: ActionIconProps & ButtonAttrs & { label: string; children: ReactNode }) {
  const online = useOnline();
  return (
    <Hint label={online ? label : OFFLINE_WRITE_REASON}>
      <ActionIcon variant="subtle" {...props} aria-label={label} disabled={disabled || !online}>
        {children}
      </ActionIcon>
    </Hint>
  );
}

/** A delete button: red, with the bin; the confirm is the caller's. */
export function DeleteButton(props: ButtonProps & ButtonAttrs & { children: ReactNode }) {
  return <WriteButton color="red" variant="light" leftSection={<IconTrash size={16} />} {...props} />;
}

/** An icon-only delete; `label` names what it deletes, e.g. "Delete user Ann Lee". */
export function DeleteActionIcon(props: ActionIconProps & ButtonAttrs & { label: string }) {
  return (
    <WriteActionIcon color="red" {...props}>
      <IconTrash size={18} stroke={1.6} />
    </WriteActionIcon>
  );
}

/** Where a record's delete button stands: `compact` in a table row; `onDeleted` runs once the record is gone. */
export type DeleteOptions = { compact?: boolean; onDeleted?: () => void };

/**
 * A delete that asks first: the table's icon (`compact`, named by `label`) or a labelled button. `remove` asks,
 * deletes and resolves true once the record is gone; then `onDeleted` runs (e.g. back to the list).
 */
export function ConfirmedDeleteButton({
  compact = false,
  label,
  children,
  size,
  loading,
  remove,
  onDeleted,
}: DeleteOptions & {
  label: string;
  children: ReactNode;
  size?: ButtonProps['size'];
  loading: boolean;
  remove: () => Promise<boolean>;
}) {
  const onClick = async () => {
    if (await remove()) onDeleted?.();
  };
  if (compact) return <DeleteActionIcon label={label} loading={loading} onClick={() => void onClick()} />;
  return (
    <DeleteButton size={size} loading={loading} onClick={() => void onClick()}>
      {children}
    </DeleteButton>
  );
}

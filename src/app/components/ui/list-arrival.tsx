import { Button, Loader, Text, type ButtonProps } from '@mantine/core';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import type { SyncList } from '@/shared/sync-lists';
import { Hint } from './hint';
import type { ReactNode } from 'react';

/** How a list is named in "12,000 of 200,000 users loaded". */
export const LIST_NOUNS: Record<SyncList, string> = {
  users: 'users',
  courses: 'courses',
  batches: 'batches',
  services: 'purchases',
  enrollments: 'enrollments',
  activity: 'entries',
};

export interface ListArrivalState {
  list: SyncList;
  /** Rows of it received so far, and of how many. */
  done: number;
  total: number;
}

/**
 * The first of `lists` that a first sync is still bringing (null: all are whole on this device). Search, counts,
 * downloads and "select all" read it to say they cover only what has come, or to wait (docs/choices.md).
 */
export function useListArrival(...lists: SyncList[]): ListArrivalState | null {
  const { arrival } = useSyncState();
  if (!arrival) return null;
  const list = lists.find((l) => !arrival.whole.includes(l));
  return list ? { list, ...arrival.lists[list] } : null;
}

/**
 * "12,000 of 200,000 users loaded" near a list's table while a first sync still brings it (a polite live region,
 * so a screen reader hears it once, not on every page); nothing once the list is whole.
 */
export function ListArrival({ lists }: { lists: SyncList[] }) {
  const arriving = useListArrival(...lists);
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-atomic mb={arriving ? 'xs' : 0}>
      {arriving ? MESSAGES.sync.arriving(arriving.done, arriving.total, LIST_NOUNS[arriving.list]) : null}
    </Text>
  );
}

/**
 * A button that needs the whole list (a CSV download): while a first sync still brings it, it is disabled with a
 * spinner, and its tooltip (and accessible description) says when it will work.
 */
export function WholeListButton({
  lists,
  onClick,
  children,
  ...props
}: ButtonProps & { lists: SyncList[]; onClick: () => void; children: ReactNode }) {
  const arriving = useListArrival(...lists);
  if (!arriving)
    return (
      <Button {...props} onClick={onClick}>
        {children}
      </Button>
    );
  const why = MESSAGES.sync.waitsForList(LIST_NOUNS[arriving.list], arriving.total);
  // A disabled button gets no pointer events: the tooltip hangs on its wrapper.
  return (
    <Hint label={why}>
      <span style={{ display: 'inline-block' }}>
        <Button {...props} leftSection={<Loader size={14} />} disabled title={why} style={{ pointerEvents: 'none' }}>
          {children}
        </Button>
      </span>
    </Hint>
  );
}

/** Why "select all" over `list` waits: it is still arriving (null: it is whole). */
export function useSelectAllWaits(list: SyncList): string | null {
  const arriving = useListArrival(list);
  return arriving ? MESSAGES.sync.waitsForList(LIST_NOUNS[arriving.list], arriving.total) : null;
}

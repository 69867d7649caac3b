import { Badge, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { formatRelative } from '@/app/lib/format';
import { useOnline } from '@/app/lib/online';
import { SYNC_QUERY_KEY } from '@/app/lib/sync/sync-engine';
import { MESSAGES } from '@/shared/messages';

/** Offline indicator and when the lists were last synced (a pull that left nothing to fetch). */
export function SyncStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const syncedAt = useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => queryClient.getQueryState(SYNC_QUERY_KEY)?.dataUpdatedAt ?? 0,
  );
  // Re-render each minute so "3 min ago" stays true.
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const interval = useInterval(tick, 60_000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);

  const synced = syncedAt ? MESSAGES.sync.synced(formatRelative(syncedAt)) : MESSAGES.sync.notSynced;
  return (
    <Group gap="xs" px={compact ? 0 : 'sm'} py={compact ? 0 : 4} wrap="nowrap" role="status" aria-live="polite">
      {online ? null : (
        <Badge color="orange" variant="filled" size="sm">
          Offline
        </Badge>
      )}
      {compact && online ? null : (
        <Text size="xs" c="dimmed" title={syncedAt ? new Date(syncedAt).toLocaleString('en-US') : undefined}>
          {synced}
        </Text>
      )}
    </Group>
  );
}

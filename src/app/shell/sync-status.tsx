import { Badge, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { formatRelative } from '@/app/lib/format';
import { useOnline } from '@/app/lib/online';
import { LOADER_QUERY_KEYS } from '@/app/shell/loader-queries';

/** Offline indicator and when the cached lists were last synced (the oldest of the five). */
export function SyncStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const syncedAt = useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => {
      const times = LOADER_QUERY_KEYS.map((key) => queryClient.getQueryState(key)?.dataUpdatedAt ?? 0);
      return times.every((t) => t > 0) ? Math.min(...times) : 0;
    },
  );
  // Re-render each minute so "3 min ago" stays true.
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const interval = useInterval(tick, 60_000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);

  const synced = syncedAt ? `Synced ${formatRelative(syncedAt)}` : 'Not synced yet';
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

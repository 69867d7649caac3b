import { Badge, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { askToKeepDeviceCopy, formatBytes, readDeviceStorage, type DeviceStorage } from '@/app/lib/device-storage';
import { formatRelative } from '@/app/lib/format';
import { useOnline } from '@/app/lib/online';
import { SYNC_QUERY_KEY } from '@/app/lib/sync/sync-engine';
import { MESSAGES } from '@/shared/messages';

/** When the lists were last synced whole (0: not yet). */
function useSyncedAt() {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => queryClient.getQueryState(SYNC_QUERY_KEY)?.dataUpdatedAt ?? 0,
  );
}

/** Offline indicator and when the lists were last synced (a pull that left nothing to fetch). */
export function SyncStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const syncedAt = useSyncedAt();
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

/**
 * How large the device copy is and whether the browser may clear it, under the sync status. Once the copy is whole
 * the browser is asked, once, to keep it; the figures are read again after each sync. Nothing without the API.
 */
export function DeviceCopyStatus() {
  const syncedAt = useSyncedAt();
  const [storage, setStorage] = useState<DeviceStorage | null>(null);
  useEffect(() => {
    if (!syncedAt) return;
    let live = true;
    void askToKeepDeviceCopy()
      .then(readDeviceStorage)
      .then((s) => live && setStorage(s));
    return () => {
      live = false;
    };
  }, [syncedAt]);
  if (!storage) return null;
  return (
    <Text size="xs" c="dimmed" px="sm">
      {MESSAGES.sync.deviceCopy(formatBytes(storage.bytes), storage.kept)}
    </Text>
  );
}

import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Whether the browser has a network, as TanStack Query sees it (online/offline events). */
export const useOnline = () =>
  useSyncExternalStore(
    onlineManager.subscribe.bind(onlineManager),
    () => onlineManager.isOnline(),
    () => true,
  );

export const OFFLINE_WRITE_REASON = 'You are offline. Changes need a connection.';

import { useSyncExternalStore } from 'react';
import { syncEngine } from './sync-engine';

/** The sync engine's state for a screen: a full sync's progress, and whether this start-up has caught up. */
export const useSyncState = () => useSyncExternalStore(syncEngine.subscribe, syncEngine.getState);

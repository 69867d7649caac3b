import type { SyncReply } from '@/shared/schemas/sync';
import type { Arrival } from './device-store';

/** The query the pulls run through; its data is the last sync's time (the shell's "Synced … ago"). */
export const SYNC_QUERY_KEY = ['sync'] as const;

export type ReloadPhase = 'running' | 'done' | 'failed' | null;

/** What the engine tells the screens (useSyncState). */
export interface SyncState {
  /** Rows received of a full sync under way (the first one, or Reload Data's), in all and per list (`lists`). */
  progress: NonNullable<SyncReply['progress']> | null;
  /**
   * The first pull of this start-up has ended (brought the server's changes, or failed: offline). Until then a
   * record missing from the device copy may only be newer than it, so a screen waits before calling it gone.
   */
  caughtUp: boolean;
  /**
   * Reload Data, asked for in any tab of this browser (the leader runs it and tells the others): its full sync is
   * under way (the copy on screen stays until it is whole), it is done (the fresh copy replaced it in one step), or
   * it failed half-way (the copy stayed as it was) and may be asked for again.
   */
  reload: ReloadPhase;
  /**
   * A first sync under way: each list's rows received so far, the lists that are whole and the dashboard's
   * summary (null: the copy is whole, or no page has come yet). Screens show a list while it fills in.
   */
  arrival: Arrival | null;
}

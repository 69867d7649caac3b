import { ApiError } from '@/app/lib/api-client';
import type { SyncList } from '@/shared/schemas/sync';
import type { DeviceMeta } from './device-store';
import type { PackedPage, PackedText } from './page-packing';
import type { ReloadPhase, SyncState } from './sync-state';
import type { Mark } from './write-marks';

/** What the tabs of one admin tell each other (docs/sync.md, "One stream per browser"). */
export type TabMessage =
  /**
   * The leader applied a page to the copy (`skipped`: rows a newer write reply held), storing `cursor`; packed as
   * it came from the page worker (texts as bytes: a cheap copy to send, read a slice per task).
   */
  | { t: 'page'; reply: PackedPage; skipped: string[]; cursor: string; pos: number }
  /**
   * The leader's whole copy: its full resync (Reload Data) became the copy, or for the tab that joined (`to`). It
   * comes as `copy` messages, a few of each list's texts (packCopy) each, then `swap`, which ends it; `copy` names
   * the whole copy its parts belong to (a leader that closed mid-copy leaves parts that the next one's must not join).
   */
  | { t: 'copy'; copy: string; list: SyncList; texts: PackedText[]; to: string | null }
  | { t: 'swap'; copy: string; meta: DeviceMeta; pos: number; to: string | null }
  /** A follower has read the device copy: the leader sends it its whole copy (what it told before may be missing). */
  | { t: 'join'; id: string }
  /** A follower that joined as `id` goes (its tab closes, or its session ends). */
  | { t: 'leave'; id: string }
  /** The leader put a write's reply into the copy (`echo`: the follower's message it came in). */
  | {
      t: 'applied';
      list: SyncList;
      upserts: unknown[];
      deletes: string[];
      cursor: string | null;
      pos: number;
      echo: string | null;
    }
  /** The progress of the leader's full resync (Reload Data), whose pages it tells only once whole (`swap`). */
  | { t: 'progress'; progress: SyncState['progress'] }
  /** Where Reload Data stands (the leader runs it): every tab shows the same. */
  | { t: 'reload'; reload: ReloadPhase }
  /** A follower's write reply, for the leader to put in; `mark`: where the follower's copy stood at the write. */
  | { t: 'local'; id: string; list: SyncList; upserts: unknown[]; deletes: string[]; mark: Mark }
  /** A follower navigated to a screen showing `lists`: a first sync under way brings them next (`first=`). */
  | { t: 'focus'; lists: SyncList[] }
  /** A follower asks the leader to pull (or to resync: Reload Data). */
  | { t: 'pull'; id: string; resync: boolean }
  /** The leader's pull asked for as `id` ended (`error`: how it failed). */
  | { t: 'pulled'; id: string; error: PullError | null }
  /** A tab has just become the leader: followers send again what it may not have had. */
  | { t: 'lead' }
  /** A tab has just been granted the lead (before taking over): a leader that was silent (frozen) steps down. */
  | { t: 'leading'; id: string }
  /** A follower asks whether the leader is there; the leader answers `pong`. */
  | { t: 'ping' }
  | { t: 'pong' };

export interface PullError {
  kind: 'http' | 'network' | 'unexpected';
  status: number | null;
  body: { success?: boolean; message?: string } | null;
  message: string;
}

/** A failed pull as data, to cross to another tab or thread (which throws it as the ApiError it was). */
export function pullError(err: unknown): PullError {
  if (err instanceof ApiError) return { kind: err.kind, status: err.status, body: err.body, message: err.message };
  return { kind: 'unexpected', status: null, body: null, message: String(err) };
}

/** The BroadcastChannel of one admin's tabs; null where there is none. */
export function openTabChannel(adminId: string, onMessage: (m: TabMessage) => void) {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(`coursedesk-sync-${adminId}`);
  channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  let open = true;
  return {
    // A tab's work may still finish after it closed (a pull's last page): nobody needs to hear of it then.
    post: (m: TabMessage) => open && channel.postMessage(m),
    close: () => {
      open = false;
      channel.close();
    },
  };
}
export type TabChannel = NonNullable<ReturnType<typeof openTabChannel>>;

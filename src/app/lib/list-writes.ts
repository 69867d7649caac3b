import { useMutation, useMutationState } from '@tanstack/react-query';
import { MESSAGES } from '@/shared/messages';
import type { SyncList } from '@/shared/schemas/sync';
import { apiCall, staleCurrent } from './api-client';
import { confirmWrite } from './confirm';
import { syncEngine } from './sync/sync-engine';
import type { ApiError, RoutesOf } from './api-client';
import type { DataTag } from '@tanstack/react-query';

/**
 * One convention for writes to a synced list: a write answers with the server's copy of the record(s)
 * (docs/api.md), which goes into the device copy at once (memory, IndexedDB and every screen showing the list);
 * the next pull brings the same or newer, so nothing flickers back. apiCall throws on any failure, so a
 * reply here is a success.
 */
export interface RecordReply<T> {
  success: true;
  data: T;
  message?: string;
  showMessage?: boolean;
}

type Row = { _id: string };
/** A list's query options (or anything with its typed key), e.g. `usersQuery`. */
export interface ListQuery<T extends Row> {
  queryKey: DataTag<readonly [SyncList], T[], ApiError>;
}

const listOf = (list: ListQuery<Row>) => list.queryKey[0];

/** Written records, new or changed: each replaces its row or joins the list in its place. */
export const putRows = <T extends Row>(list: ListQuery<T>, rows: readonly T[]) =>
  syncEngine.applyLocal(listOf(list), rows as never[]);

export const removeRows = <T extends Row>(list: ListQuery<T>, ids: readonly string[]) =>
  syncEngine.applyLocal(listOf(list), [], ids);

/**
 * A write whose reply names the records done but does not carry them (bulk actions): the rows the screen
 * held, changed as the server changed them, go into the device copy in slices (10,000 rows never freeze
 * the page). The pull the write schedules brings the server's exact copy (its timestamps).
 */
export const patchRows = <T extends Row>(list: ListQuery<T>, rows: readonly T[], patch: (row: T) => T) =>
  syncEngine.patchLocal(listOf(list), rows as never[], patch as never);

/** A reply that carries the whole list (batch writes): rows it lacks are gone. */
export function replaceList<T extends Row>(list: ListQuery<T>, rows: readonly T[]) {
  const keep = new Set(rows.map((r) => r._id));
  const gone = syncEngine.peek(listOf(list)).flatMap((r) => (keep.has(r._id) ? [] : [r._id]));
  syncEngine.applyLocal(listOf(list), rows as never[], gone);
}

/**
 * A write whose reply does not carry its records (an import of thousands of rows): they come with the pull
 * this starts, which resolves once they are in the device copy and on every screen.
 */
export const pullWrittenRows = () => syncEngine.pull();

/** A write to one record: its id, and the version it was made on when it names one (docs/conflicts.md). */
export interface RecordWrite {
  id: string;
  version?: Version;
}

/** Ids a mutation of this key is working on right now, from any screen, so each row shows its own spinner. */
export function usePendingIds(mutationKey: readonly unknown[]): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => (m.state.variables as RecordWrite).id,
  });
  return new Set(ids);
}

/** What a delete may add to the shared one: its failure sentence and its own reaction to an error. */
export interface DeleteRowOptions {
  fallbackMessage?: string;
  onError?: (err: unknown) => void;
}

/**
 * The one delete of a synced list's record: the list's delete route of the contract (`API_ROUTES.deleteUser` …) at
 * the record's id, naming the version shown if given; on success the row leaves the list.
 */
export function useDeleteRow<T extends Row>(
  list: ListQuery<T>,
  route: RoutesOf<'DELETE', 'id'>,
  { fallbackMessage, onError }: DeleteRowOptions = {},
) {
  return useMutation({
    mutationKey: [...list.queryKey, 'delete'],
    mutationFn: ({ id, version }: RecordWrite) =>
      apiCall<{ success: true }>(route, { params: { id }, body: version, fallbackMessage }),
    onSuccess: (_reply, { id }) => removeRows(list, [id]),
    onError,
  });
}

/**
 * The version a write names (docs/conflicts.md): `{expectedUpdatedAt}` of the record as it was shown, or for a
 * batch `{expected}`, its values. Sent in the write's body.
 */
export type Version = Record<string, unknown>;
export const updatedAtVersion = (record: { updatedAt: string }): Version => ({ expectedUpdatedAt: record.updatedAt });

/**
 * A delete of the record as it was shown. When it changed since, the one confirm dialog asks again, saying so;
 * confirmed, the record as it is now is deleted. Resolves false when the admin keeps it.
 */
export async function deleteShown<R>(
  run: (version: Version) => Promise<unknown>,
  shown: Version,
  versionOf: (current: R) => Version,
): Promise<boolean> {
  try {
    await run(shown);
    return true;
  } catch (err) {
    const current = staleCurrent<R>(err);
    if (!current) throw err;
    const again = await confirmWrite({
      title: (err as Error).message,
      text: MESSAGES.conflict.deleteAgainText,
      confirmText: MESSAGES.confirmDelete.confirm,
    });
    if (again) await run(versionOf(current));
    return again;
  }
}

import { useMutation, useMutationState, useQueryClient, type DataTag, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import type { ApiError } from './api-client';

/**
 * One convention for writes to a cached list: a write answers with the server's copy of the record
 * (API.md), which replaces, adds or removes one row of the cached list; the list keeps its order. A list
 * that is not loaded is left alone. apiFetch throws on any failure, so a reply here is a success.
 */
export interface RecordReply<T> {
  success: true;
  data: T;
  message?: string;
  showMessage?: boolean;
}

type Row = { _id: string };
/** A list's query options (or anything with its typed key). */
export interface ListQuery<T extends Row> {
  queryKey: DataTag<readonly unknown[], T[], ApiError>;
}

export const replaceRow = <T extends Row>(qc: QueryClient, list: ListQuery<T>, row: T) =>
  qc.setQueryData(list.queryKey, (old) => old?.map((r) => (r._id === row._id ? row : r)));

export const removeRow = <T extends Row>(qc: QueryClient, list: ListQuery<T>, id: string) =>
  qc.setQueryData(list.queryKey, (old) => old?.filter((r) => r._id !== id));

/** For lists ordered oldest first: a new record goes last. */
export const appendRow = <T extends Row>(qc: QueryClient, list: ListQuery<T>, row: T) =>
  qc.setQueryData(list.queryKey, (old) => old && [...old.filter((r) => r._id !== row._id), row]);

/** Ids a mutation of this key is working on right now, from any screen, so each row shows its own spinner. */
export function usePendingIds(mutationKey: readonly unknown[]): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => m.state.variables as string,
  });
  return new Set(ids);
}

/** DELETE `path(id)`; on success the row leaves the cached list (spec 4). */
export function useDeleteRow<T extends Row>(list: ListQuery<T>, path: (id: string) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...list.queryKey, 'delete'],
    mutationFn: (id: string) => apiFetch<{ success: true }>(path(encodeURIComponent(id)), { method: 'DELETE' }),
    onSuccess: (_reply, id) => removeRow(qc, list, id),
  });
}

import { Alert, Button, Group, List, Paper, Text } from '@mantine/core';
import { IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { apiCall } from '@/app/lib/api-client';
import { confirmWrite } from '@/app/lib/confirm';
import { patchRows, removeRows, type ListQuery } from '@/app/lib/list-writes';
import type { API_ROUTES, ApiRouteName } from '@/shared/api-routes';
import { BULK_MAX } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import { plural } from '@/shared/plural';
import type { BulkAction, BulkReply } from '@/shared/schemas';
import { WriteButton } from './write-controls';
import type { RowSelection } from './row-selection';

type Row = { _id: string; updatedAt?: string };
/** The lists' bulk routes of the contract (`usersBulk` …). */
type BulkRoute = (typeof API_ROUTES)[Extract<ApiRouteName, `${string}Bulk`>];

/** Refusals listed by name in the panel; the rest are counted. */
const REFUSALS_LISTED = 20;

/**
 * A list's bulk actions, declared once beside its page: the bar posts to the list's bulk route
 * (`/<list>/bulk`, docs/api.md) and writes what the reply says into the list's device copy.
 */
export interface BulkTarget<T extends Row> {
  list: ListQuery<T>;
  /** The list's bulk route of the contract, e.g. `API_ROUTES.usersBulk`. */
  route: BulkRoute;
  /** The shared schema's actions of this list, e.g. `ENROLLMENT_BULK_ACTIONS`. */
  actions: readonly BulkAction[];
  /** "enrollment": counts read "1 enrollment", "3 enrollments". */
  noun: string;
  /**
   * How approve (`on`) and disapprove change a row on the server, `at` being the reply's updatedAt: applied
   * to the device copy for the rows done, so it holds the server's version before the next pull.
   */
  verify?: (row: T, on: boolean, at: string) => T;
  /** A row's name in the list of refusals. */
  name: (row: T) => string;
}

const ICONS = { approve: IconCheck, disapprove: IconX, delete: IconTrash } as const;

/**
 * The bar over a table with a selection: Approve, Disapprove, Delete selected, in one request. The reply's
 * done rows go into the device copy; what was refused stays selected and is listed with the reason.
 */
export function BulkActions<T extends Row>({
  selection,
  target,
}: {
  selection: RowSelection<T>;
  target: BulkTarget<T>;
}) {
  const { list, route, actions, noun, verify, name } = target;
  const [refused, setRefused] = useState<{ title: string; lines: string[]; more: number } | null>(null);
  const mutation = useMutation({
    mutationKey: [...list.queryKey, 'bulk'],
    meta: { ownSuccessToast: true },
    mutationFn: ({ action, rows }: { action: BulkAction; rows: readonly T[] }) =>
      apiCall<BulkReply>(route, {
        body: { action, items: rows.map((r) => ({ id: r._id, updatedAt: r.updatedAt })) },
        timeoutMs: 120_000,
      }),
  });
  const count = selection.ids.size;
  const what = (n: number) => plural(n, noun);

  async function run(action: BulkAction) {
    const rows = selection.rows;
    if (rows.length === 0 || rows.length > BULK_MAX) return;
    if (
      action === 'delete' &&
      !(await confirmWrite({
        title: MESSAGES.bulk.confirmDeleteTitle(what(rows.length)),
        text: MESSAGES.confirmDelete.text,
        confirmText: MESSAGES.bulk.confirmDeleteButton(rows.length),
      }))
    )
      return;
    let reply: BulkReply;
    try {
      reply = await mutation.mutateAsync({ action, rows });
    } catch {
      return; // the MutationCache's toast says why; nothing changed
    }
    if (reply.refused.length) toast.error(reply.message, { id: reply.message });
    else toast.success(reply.message, { id: reply.message });
    const byId = new Map(rows.map((r) => [r._id, r]));
    setRefused(
      reply.refused.length
        ? {
            title: MESSAGES.bulk.refusedTitle(what(reply.refused.length)),
            lines: reply.refused.slice(0, REFUSALS_LISTED).map((r) => {
              const row = byId.get(r.id);
              return MESSAGES.bulk.refusedLine(row ? name(row) : r.id, r.message);
            }),
            more: Math.max(0, reply.refused.length - REFUSALS_LISTED),
          }
        : null,
    );
    selection.keepOnly(reply.refused.map((r) => r.id));
    if (action === 'delete') removeRows(list, reply.done);
    else {
      const done = new Set(reply.done);
      const at = reply.updatedAt;
      if (verify && at)
        await patchRows(
          list,
          rows.filter((r) => done.has(r._id)),
          (r) => verify(r, action === 'approve', at),
        );
    }
  }

  const tooMany = count > BULK_MAX;
  return (
    <>
      {count > 0 ? (
        <Paper withBorder p="xs" mb="sm" role="group" aria-label={MESSAGES.bulk.actionsLabel}>
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={500} aria-live="polite">
              {MESSAGES.bulk.selected(what(count))}
            </Text>
            <Group gap="xs">
              {actions.map((action) => {
                const Icon = ICONS[action];
                return (
                  <WriteButton
                    key={action}
                    size="xs"
                    variant={action === 'delete' ? 'light' : 'default'}
                    color={action === 'delete' ? 'red' : undefined}
                    leftSection={<Icon size={14} />}
                    disabled={tooMany || (mutation.isPending && mutation.variables?.action !== action)}
                    loading={mutation.isPending && mutation.variables?.action === action}
                    onClick={() => void run(action)}
                  >
                    {MESSAGES.bulk[action]}
                  </WriteButton>
                );
              })}
              <Button size="xs" variant="subtle" onClick={selection.clear} disabled={mutation.isPending}>
                {MESSAGES.bulk.clear}
              </Button>
            </Group>
          </Group>
          {tooMany ? (
            <Text size="sm" c="red" mt={4}>
              {MESSAGES.bulk.tooMany(BULK_MAX)}
            </Text>
          ) : null}
        </Paper>
      ) : null}
      {refused ? (
        <Alert
          color="yellow"
          title={refused.title}
          mb="sm"
          withCloseButton
          closeButtonLabel={MESSAGES.bulk.dismiss}
          onClose={() => setRefused(null)}
        >
          <List size="sm" spacing={2}>
            {refused.lines.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List>
          {refused.more ? <Text size="sm">{MESSAGES.bulk.refusedMore(refused.more)}</Text> : null}
          <Text size="sm" mt={4}>
            {MESSAGES.bulk.refusedKept}
          </Text>
        </Alert>
      ) : null}
    </>
  );
}

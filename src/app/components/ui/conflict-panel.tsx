import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useState } from 'react';
import { staleCurrent } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
import { MESSAGES } from '@/shared/messages';
import classes from './conflict-panel.module.css';
import { WriteButton } from './write-controls';

interface VersionedRecord<R, V extends object> {
  /** The record as the form was opened on it. */
  record: R;
  /** The values of the record this form saves (null: the record no longer holds them, e.g. a deleted item). */
  valuesOf: (record: R) => V | null;
  versionOf: (record: R) => Version;
  /** Field names people read, where `Amount paid` is not simply the key's words; nested keys are dotted. */
  labels?: Record<string, string>;
  /** How a value reads, where it is not plain text (a batch id reads as the batch's name). */
  formats?: Record<string, (value: unknown) => string>;
}

/** Nested objects (page data's courseDetails) become dotted keys, so each field is one row. */
function flatten(values: object | null, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 'enrollmentDeadline' reads 'Enrollment deadline'. */
const words = (key: string) => {
  const last = key
    .split('.')
    .at(-1)!
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();
  return last.charAt(0).toUpperCase() + last.slice(1);
};

const plain = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return MESSAGES.conflict.empty;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(plain).join('\n') : MESSAGES.conflict.empty;
  return String(value);
};

/**
 * The version a form was opened on, and what to do when its save is refused as stale (docs/conflicts.md):
 * when the values this form saves are the same in the record as it is now (someone changed another part of
 * it), the save goes again with the new version by itself; otherwise the form shows the conflict panel, theirs
 * beside yours, and the admin takes their values or saves theirs on purpose.
 */
export function useConflict<R, V extends object>(opts: VersionedRecord<R, V>) {
  const [base, setBase] = useState(opts.record);
  const [conflict, setConflict] = useState<{ message: string; opened: R; theirs: R } | null>(null);

  /** Runs the write with the version of `from`; resolves true once saved, false when the conflict is shown. */
  const save = async (run: (version: Version) => Promise<unknown>, from: R = base): Promise<boolean> => {
    try {
      await run(opts.versionOf(from));
    } catch (err) {
      const current = staleCurrent<R>(err);
      if (!current) throw err;
      setBase(current);
      const mine = opts.valuesOf(from);
      if (mine && same(opts.valuesOf(current), mine)) return save(run, current);
      setConflict({ message: (err as Error).message, opened: from, theirs: current });
      return false;
    }
    setConflict(null);
    return true;
  };

  /** Their values, for the form to show; the form now stands on their version. */
  const takeTheirs = (): V | null => {
    setConflict(null);
    return conflict ? opts.valuesOf(conflict.theirs) : null;
  };

  /** Saves the form's values over theirs, on purpose. */
  const saveMine = (run: (version: Version) => Promise<unknown>) => {
    if (!conflict) return Promise.resolve(false);
    setConflict(null);
    return save(run, conflict.theirs);
  };

  /** The panel for the form's current values (null when there is no conflict). */
  const panel = (yours: V, actions: { onTakeTheirs: () => void; onSaveMine: () => void; saving: boolean }) => {
    if (!conflict) return null;
    const theirs = opts.valuesOf(conflict.theirs);
    const opened = flatten(opts.valuesOf(conflict.opened));
    const now = flatten(theirs);
    const mine = flatten(yours);
    const rows = Object.keys(opened).filter((key) => !same(opened[key], now[key]));
    const show = (key: string, value: unknown) => (opts.formats?.[key] ?? plain)(value);
    return (
      <ConflictPanel
        message={conflict.message}
        gone={theirs === null}
        rows={rows.map((key) => ({
          key,
          label: opts.labels?.[key] ?? words(key),
          theirs: show(key, now[key]),
          yours: show(key, mine[key]),
        }))}
        {...actions}
      />
    );
  };

  /** The form now stands on this version (it saved, or it took a newer copy while it had no edits). */
  const rebase = (record: R) => setBase(record);

  return { save, takeTheirs, saveMine, panel, rebase };
}

interface ConflictPanelProps {
  message: string;
  /** The record no longer holds what the form edits (an item deleted meanwhile): nothing to compare or save. */
  gone: boolean;
  rows: { key: string; label: string; theirs: string; yours: string }[];
  onTakeTheirs: () => void;
  onSaveMine: () => void;
  saving: boolean;
}

/**
 * What another admin changed since the form was opened, theirs beside yours, and the two ways on. Narrower than
 * 30rem (a phone) each field's values stand one under the other and the buttons take the whole width.
 */
export function ConflictPanel({ message, gone, rows, onTakeTheirs, onSaveMine, saving }: ConflictPanelProps) {
  const cell = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;
  return (
    <div className={classes.panel}>
      <Alert
        color="orange"
        variant="light"
        role="alert"
        title={message}
        icon={<IconArrowsDiff size={20} />}
        classNames={{ icon: classes.icon }}
      >
        <Stack gap="sm">
          <Text size="sm">{gone ? MESSAGES.conflict.gone : MESSAGES.conflict.explain}</Text>
          {gone ? null : (
            <>
              <Table
                className={classes.table}
                withTableBorder
                layout="fixed"
                fz="sm"
                verticalSpacing={6}
                aria-label={message}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{MESSAGES.conflict.field}</Table.Th>
                    <Table.Th scope="col">{MESSAGES.conflict.theirs}</Table.Th>
                    <Table.Th scope="col">{MESSAGES.conflict.yours}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Th scope="row" fw={500}>
                        {row.label}
                      </Table.Th>
                      <Table.Td style={cell} data-label={MESSAGES.conflict.theirs}>
                        {row.theirs}
                      </Table.Td>
                      <Table.Td style={cell} data-label={MESSAGES.conflict.yours}>
                        {row.yours}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <div className={classes.actions}>
                <Button type="button" variant="default" onClick={onTakeTheirs}>
                  {MESSAGES.conflict.takeTheirs}
                </Button>
                <WriteButton type="button" color="orange" loading={saving} onClick={onSaveMine}>
                  {MESSAGES.conflict.saveMine}
                </WriteButton>
              </div>
            </>
          )}
        </Stack>
      </Alert>
    </div>
  );
}

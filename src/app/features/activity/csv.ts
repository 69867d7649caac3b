import { downloadCsv } from '@/app/lib/csv';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';

const M = MESSAGES.activity;
const json = (v: Activity['before']) => (v ? JSON.stringify(v) : '');

/** One row per entry: the time as ISO (spreadsheets read it), the changed fields as JSON. */
export const activityCells = (a: Activity) => [
  a.createdAt,
  a.adminName,
  a.adminEmail,
  M.actions[a.action] ?? a.action,
  M.kinds[a.kind] ?? a.kind,
  a.recordId,
  a.recordName,
  a.summary,
  json(a.before),
  json(a.after),
];

/** Exports the entries shown, so the filters narrow the file too (like Download Users). */
export const downloadActivityCsv = (rows: readonly Activity[]) =>
  downloadCsv(M.fileName, M.csvHeader, rows, activityCells);

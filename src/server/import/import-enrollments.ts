import type { Db } from '@/server/db/client';
import {
  allCourses,
  insertEnrollments,
  lockImports,
  recordedTransactionIds,
  usersByEmail,
} from '@/server/repositories/import-repo';
import { MESSAGES } from '@/shared/messages';
import type { ImportReply, ImportRow } from '@/shared/schemas';
import { planRows, type PlannedRow } from './plan-rows';
import type { ImportFileRow } from './read-import-file';

const M = MESSAGES.import;

async function plan(db: Db, fileRows: readonly ImportFileRow[]): Promise<PlannedRow[]> {
  const emails = [...new Set(fileRows.map((r) => r.cells.Email.toLowerCase()).filter(Boolean))];
  const ids = [...new Set(fileRows.map((r) => r.cells['Transaction ID']).filter(Boolean))];
  // One after the other: inside the import's transaction they share one connection.
  const users = await usersByEmail(db, emails);
  const courses = await allCourses(db);
  const recorded = await recordedTransactionIds(db, ids);
  return planRows(fileRows, { users: new Map(users.map((u) => [u.email.toLowerCase(), u])), courses, recorded });
}

const publicRow = ({ insert: _drop, ...row }: PlannedRow): ImportRow => row;

function reply(dryRun: boolean, rows: ImportRow[]): ImportReply {
  const count = (status: ImportRow['status']) => rows.filter((r) => r.status === status).length;
  const counts = {
    rows: rows.length,
    ready: count(dryRun ? 'ready' : 'imported'),
    skipped: count('skipped'),
    invalid: count('invalid'),
  };
  const message = dryRun
    ? M.checked(counts.ready, counts.skipped, counts.invalid)
    : M.done(counts.ready, counts.skipped, counts.invalid);
  return { success: true, message, showMessage: true, dryRun, counts, rows };
}

/** Checks every row and says what an import would do; writes nothing. */
export async function previewImport(db: Db, fileRows: readonly ImportFileRow[]): Promise<ImportReply> {
  return reply(true, (await plan(db, fileRows)).map(publicRow));
}

/**
 * Imports the valid rows in one transaction (the invalid ones are reported, not imported). Imports take a
 * lock first and look up recorded transaction IDs inside it, so importing one file twice, even at once,
 * adds each row once.
 */
export async function runImport(db: Db, batchId: string, fileRows: readonly ImportFileRow[]): Promise<ImportReply> {
  const rows = await db.transaction(async (tx) => {
    await lockImports(tx);
    const planned = await plan(tx, fileRows);
    const inserts = planned.flatMap((r) => (r.insert ? [r.insert] : []));
    const created = inserts.length
      ? await insertEnrollments(
          tx,
          batchId,
          inserts.map(({ userName: _u, courseTitle: _c, ...item }) => item),
        )
      : new Map<string, string>();
    return planned.map((r): ImportRow => {
      if (!r.insert) return publicRow(r);
      const id = created.get(r.insert.transactionId);
      if (!id) return { row: r.row, status: 'invalid', message: M.goneMeanwhile };
      const money = `${r.insert.currency} ${r.insert.amount}`;
      return {
        row: r.row,
        status: 'imported',
        message: M.enrolled(r.insert.userName, r.insert.courseTitle, money),
        enrollmentId: id,
      };
    });
  });
  return reply(false, rows);
}

import { inTransaction } from '@/server/db/transaction';
import { buildDemoData, DEMO_ADMIN, DEMO_SEED, insertDemoRows } from './db/seed/demo';
import { REFERENCE_DATE } from './db/seed/random';
import { planDemoHistory, writeDemoHistory } from './demo-history';
import type { Db } from './db/client';

/** Who the demo's past was written by: the demo admin, under an id of its own (the entries copy the name). */
const HISTORY_ADMIN = { _id: 'd0000000-0000-4000-8000-00000000ad01', name: DEMO_ADMIN.name, email: DEMO_ADMIN.email };

/**
 * Seeds the deterministic demo business on an empty database, in one transaction: the rows as they were
 * four weeks before the demo's "today", then those weeks' writes through the repositories (demo-history.ts).
 * It sits above the repositories, beside the start-up that calls it.
 */
export async function seedDemoData(db: Db): Promise<void> {
  const history = planDemoHistory(buildDemoData(), REFERENCE_DATE, DEMO_SEED + 1);
  await inTransaction(db, async (t) => {
    await insertDemoRows(t, history.before);
    await writeDemoHistory(t, history, HISTORY_ADMIN);
  });
}

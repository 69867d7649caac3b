import type { Db } from '@/server/db/client';
import { repeatFromNow } from '@/server/repeat';
import { moveActivityWindow, type ActivityWindow } from '@/server/repositories/activity-window-repo';
import type { FastifyInstance } from 'fastify';

export type { ActivityWindow };

/**
 * 90 days is a term of enrollments, approvals and their corrections, what an admin looks back on offline. At
 * most 10,000 entries: an entry costs a device about 1 KB of heap (`npm run bench:window`), so a busy office's
 * log adds under a tenth to the heap of the lists themselves at scale (docs/activity.md). Older entries are one
 * click away online.
 */
export const ACTIVITY_WINDOW_DEFAULT: ActivityWindow = { days: 90, entries: 10_000 };

/** How often the window moves on (and at start-up). Between two moves a device may hold a little more. */
const MOVE_EVERY_MS = 10 * 60_000;

/** Moves the window now (start-up waits for it) and every ten minutes, until the app closes. */
export async function scheduleActivityWindow(app: FastifyInstance, db: Db, window: ActivityWindow): Promise<void> {
  const run = () =>
    moveActivityWindow(db, window).catch((err: unknown) =>
      app.log.warn({ err }, 'Moving the activity window failed; it is tried again in ten minutes.'),
    );
  const stop = await repeatFromNow(MOVE_EVERY_MS, run);
  app.addHook('preClose', async () => stop());
}

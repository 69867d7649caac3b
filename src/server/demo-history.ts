import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { courses } from '@/server/db/schema';
import { runImport } from '@/server/import/import-enrollments';
import { recordSession } from '@/server/repositories/activity-repo';
import { asAdmin } from '@/server/repositories/admin-writes';
import { updateBatch } from '@/server/repositories/batches-repo';
import { updatePageData } from '@/server/repositories/courses-repo';
import { setVerified, updateEnrollment } from '@/server/repositories/enrollments-repo';
import { createService, deleteService, toggleServiceVerified } from '@/server/repositories/services-repo';
import type { Currency } from '@/shared/constants';
import type { ActivityAction, User } from '@/shared/schemas';
import { addDays, addHours, daysBefore, iso, Random } from './db/seed/random';
import type { DemoRows } from './db/seed/demo';
import type { EnrollmentRow } from './db/seed/generate';

/**
 * The demo's past: four weeks of an admin's work before the demo's "today" (logins, approvals, edits, a
 * purchase recorded twice and deleted, a CSV import), so Activity and each record's History show what the
 * log is for. Each write goes through the repositories the API calls, under `asAdmin`, so the activity
 * triggers log it as they log a real one; `coursedesk.backdate` (migration 0007) gives its entry the moment
 * it stands for. The rows are inserted as they were before those writes, and each write leaves them as the
 * demo has them; last, the rows' own times (updated, verified, enrolled) are set to those moments too,
 * unlogged, as the rest of the seed is.
 */

type Admin = Pick<User, '_id' | 'name' | 'email'>;
type Step = { at: number; action?: ActivityAction; write: (tx: Db, admin: Admin) => Promise<unknown> };

const WEEKS = 4;
const MINUTE = 60_000;
/** Enrollments the CSV import brings in. */
const IMPORTED = 4;

const HOUR = 3_600_000;
const inWindow = (ms: number, now: number) => ms > daysBefore(now, WEEKS * 7) && ms < now;
/** `hours` (UTC) into the day `daysAgo` days before `now`. */
const dayAt = (now: number, daysAgo: number, hours: number) => {
  const day = daysBefore(now, daysAgo);
  return day - (day % (24 * HOUR)) + hours * HOUR;
};
/** A moment of the night moved on to 08:00-09:00 of the next working morning (never past `now`). */
function inWorkingHours(ms: number, now: number): number {
  const hour = (ms % (24 * HOUR)) / HOUR;
  if (hour >= 8 && hour < 19) return ms;
  const moved = ms - (ms % (24 * HOUR)) + (hour >= 19 ? 24 * HOUR : 0) + 8 * HOUR + (ms % HOUR);
  return moved < now ? moved : ms;
}
const time = (value: string | null | undefined) => (value ? Date.parse(value) : NaN);

export function planDemoHistory(data: DemoRows, now: number, seed: number) {
  const rng = new Random(seed);
  const steps: Step[] = [];
  const enrollmentRows = new Map(data.enrollments.map((e) => [e.id!, { ...e }]));
  const serviceRows = new Map(data.services.map((s) => [s.id!, { ...s }]));

  // The CSV import: pending, paid enrollments of the batch with most of them, imported together (they are
  // enrolled from the import's moment on).
  const importable = data.enrollments.filter(
    (e) => !e.isVerified && e.transactionId && e.paymentMethod && e.amount && e.currency,
  );
  const count = (batchId: string) => importable.filter((e) => e.batchId === batchId).length;
  const importBatch = data.batches.map((b) => b.id).sort((a, b) => count(b) - count(a))[0]!;
  const imported = importable.filter((e) => e.batchId === importBatch).slice(0, IMPORTED);
  const importAt = dayAt(now, 16, 11.4);
  for (const e of imported) enrollmentRows.delete(e.id!);
  steps.push({
    at: importAt,
    action: 'import',
    write: (tx) =>
      runImport(
        tx,
        importBatch,
        imported.map((e, i) => ({
          row: i + 2,
          cells: {
            Email: e.userEmail!,
            'Paid Amount': `${e.currency} ${e.amount}`,
            'Payment Method': e.paymentMethod!,
            'Transaction ID': e.transactionId!,
            Course: e.courseSlug!,
          },
        })),
      ),
  });

  // Approvals: the enrollments approved in the window were pending until then (approved in working hours).
  const approved = data.enrollments
    .filter((e) => e.isVerified && inWindow(time(e.verifiedAt), now))
    .slice(0, 7)
    .map((e) => ({ ...e, verifiedAt: iso(inWorkingHours(time(e.verifiedAt), now)) }));
  for (const e of approved) {
    Object.assign(enrollmentRows.get(e.id!)!, { isVerified: false, verifiedAt: null, updatedAt: e.createdAt });
    steps.push({ at: time(e.verifiedAt), write: (tx) => setVerified(tx, e.id!, true) });
  }
  // One of them had its payment recorded by hand after the approval.
  const paid = approved.find((e) => e.paymentStatus === 'completed' && e.paymentId && e.amountPaid);
  if (paid) {
    Object.assign(enrollmentRows.get(paid.id!)!, { paymentStatus: 'pending', paymentId: null, amountPaid: null });
    steps.push({
      at: time(paid.verifiedAt) + 12 * MINUTE,
      write: (tx) =>
        updateEnrollment(tx, paid.id!, {
          paymentStatus: 'completed',
          paymentId: paid.paymentId!,
          amountPaid: Number(paid.amountPaid),
        }),
    });
  }
  // One approved by mistake and set back to pending a few minutes later.
  const mistaken = data.enrollments.find((e) => !e.isVerified && !imported.includes(e));
  const setBack = mistaken && dayAt(now, 6, 10.2) + 6 * MINUTE;
  if (mistaken && setBack) {
    steps.push({ at: setBack - 6 * MINUTE, write: (tx) => setVerified(tx, mistaken.id!, true) });
    steps.push({ at: setBack, write: (tx) => setVerified(tx, mistaken.id!, false) });
  }

  // Service purchases approved in the window were pending until then.
  const services = data.services.filter((s) => s.isVerified && inWindow(time(s.updatedAt), now)).slice(0, 2);
  for (const s of services) {
    Object.assign(serviceRows.get(s.id!)!, { isVerified: false, updatedAt: s.createdAt });
    steps.push({ at: time(s.updatedAt), write: (tx) => toggleServiceVerified(tx, s.id!) });
  }

  // A purchase recorded twice: the copy is deleted the next morning.
  const original = data.services.find((s) => s.userId && inWindow(time(s.createdAt), daysBefore(now, 2)));
  if (original) {
    const at = time(original.createdAt) + 4 * MINUTE;
    let copyId = '';
    steps.push({
      at,
      write: async (tx) => {
        const copy = await createService(tx, {
          userId: original.userId!,
          serviceDetails: { title: original.title!, description: original.description!, image: original.image! },
          userDetails: {
            name: original.customerName!,
            email: original.customerEmail!,
            phone: original.customerPhone ?? undefined,
          },
          amount: Number(original.amount),
          currency: original.currency as Currency,
          paymentMethod: original.paymentMethod ?? undefined,
          transactionId: original.transactionId ?? undefined,
        });
        copyId = copy!._id;
      },
    });
    steps.push({ at: addHours(at, 17), write: (tx) => deleteService(tx, copyId) });
  }

  // Edits: an active batch's end moved out by a week, a course's enrollment deadline changed.
  const batch = data.batches.find((b) => b.isActive && b.endDate);
  const batchBefore = batch && { ...batch, endDate: iso(addDays(time(batch.endDate), -7)) };
  if (batch) {
    steps.push({
      at: dayAt(now, 17, 10.5),
      write: (tx) =>
        updateBatch(tx, batch.id, { batchName: batch.batchName, startDate: batch.startDate, endDate: batch.endDate }),
    });
  }
  const course = rng.pick(data.courses);
  const courseBefore = { ...course, enrollmentDeadline: 'Rolling admissions' };
  const courseEditedAt = dayAt(now, 9, 14.25);
  steps.push({
    at: courseEditedAt,
    write: (tx) =>
      updatePageData(tx, course.id, {
        title: course.title,
        description: course.description,
        slug: course.slug,
        price: Number(course.price),
        discountPrice: course.discountPrice == null ? null : Number(course.discountPrice),
        courseDetails: {
          duration: course.duration ?? '',
          level: course.level ?? '',
          language: course.language ?? '',
          certificate: course.certificate ?? '',
          instructor: course.instructor ?? '',
          enrollmentDeadline: course.enrollmentDeadline ?? '',
          startDate: course.startDate ?? '',
        },
      }),
  });

  // A working day starts with a login and often ends with a logout.
  for (let d = WEEKS * 7; d >= 1; d--) {
    const weekday = new Date(daysBefore(now, d)).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const login = dayAt(now, d, 7.75 + rng.int(0, 90) / 60);
    steps.push({ at: login, write: (tx, admin) => recordSession(tx, admin, 'login') });
    if (rng.chance(0.25)) {
      const logout = dayAt(now, d, 17 + rng.int(0, 120) / 60);
      steps.push({ at: logout, write: (tx, admin) => recordSession(tx, admin, 'logout') });
    }
  }

  return {
    /** The rows as they were before the history's writes. */
    before: {
      ...data,
      courses: data.courses.map((c) => (c.id === course.id ? courseBefore : c)),
      batches: data.batches.map((b) => (batchBefore && b.id === batchBefore.id ? batchBefore : b)),
      enrollments: [...enrollmentRows.values()],
      services: [...serviceRows.values()],
    },
    steps: steps.sort((a, b) => a.at - b.at),
    /** The rows' own times after the writes: the demo's, and the import's moment for what it brought in. */
    touched: {
      enrollments: [...approved, ...(mistaken && setBack ? [{ ...mistaken, updatedAt: iso(setBack) }] : [])],
      course: { id: course.id, updatedAt: iso(courseEditedAt) },
      imported: imported.map((e, i) => ({
        ...e,
        createdAt: iso(importAt + i * 1000),
        updatedAt: iso(importAt + i * 1000),
      })),
      services,
    },
  };
}

export type DemoHistory = ReturnType<typeof planDemoHistory>;

/**
 * Writes the planned history, oldest first, each write as `admin` at its moment, then puts the touched rows'
 * own times back to those moments without an actor (unlogged). Runs inside the seed's transaction: the
 * settings are cleared at the end, so nothing written after the seed in that transaction is logged or
 * backdated by them.
 */
export async function writeDemoHistory(db: Db, history: DemoHistory, admin: Admin): Promise<void> {
  // Steps in a row with the same action share one asAdmin transaction (the seed's speed: it runs at every
  // e2e start); each sets its own moment first, and the statement triggers log each write as its own.
  const runs: Step[][] = [];
  for (const step of history.steps) {
    const run = runs[runs.length - 1];
    if (run && run[0]!.action === step.action) run.push(step);
    else runs.push([step]);
  }
  for (const run of runs) {
    await asAdmin(
      db,
      admin,
      async (tx) => {
        for (const step of run) {
          await tx.execute(sql`select set_config('coursedesk.backdate', ${iso(step.at)}, true)`);
          await step.write(tx, admin);
        }
      },
      run[0]!.action,
    );
  }
  await db.execute(sql`select set_config('coursedesk.actor', '', true), set_config('coursedesk.backdate', '', true)`);

  // The rows' own times, one statement per table.
  const { enrollments: shown, imported, services, course } = history.touched;
  await db.update(courses).set({ updatedAt: course.updatedAt }).where(eq(courses.id, course.id));
  const times = [
    ...shown.map((e) => ({ id: e.id, tid: null, ...pick(e) })),
    ...imported.map((e) => ({ id: null, tid: e.transactionId, ...pick(e) })),
  ];
  await db.execute(sql`update enrollments e set created_at = x.created_at, updated_at = x.updated_at,
      verified_at = x.verified_at, available_days = x.available_days, payment_status = x.payment_status
    from json_to_recordset(${JSON.stringify(times)}::json) as x(id uuid, tid text, created_at timestamptz,
      updated_at timestamptz, verified_at timestamptz, available_days text, payment_status text)
    where e.id = x.id or e.transaction_id = x.tid`);
  const serviceTimes = services.map((p) => ({ id: p.id, updated_at: p.updatedAt }));
  await db.execute(sql`update service_purchases p set updated_at = x.updated_at
    from json_to_recordset(${JSON.stringify(serviceTimes)}::json) as x(id uuid, updated_at timestamptz)
    where p.id = x.id`);
}

const pick = (e: EnrollmentRow) => ({
  created_at: e.createdAt,
  updated_at: e.updatedAt,
  verified_at: e.verifiedAt,
  available_days: e.availableDays,
  payment_status: e.paymentStatus,
});

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { COURSE_ITEM_KINDS, type Course, type CourseItemKind } from '@/shared/schemas';
import { COURSE_ITEM_TABLES } from './course-item-tables';
import { getCourse, touchCourse } from './courses-repo';

type ItemKind = CourseItemKind;
/** Column values of an item, already validated by the kind's shared schema (keys are column names). */
export type ItemFields = Record<string, string | number>;

/** The course after the change, or what was missing: the course, or the item (by its kind's noun). */
export type ItemResult = Course | { missing: string };

/** Thrown inside the transaction so a missing record also rolls back the course's updated_at bump. */
class Missing extends Error {}

/**
 * Runs an item change with the course row locked first (touchCourse), the same order a course delete
 * takes, so the two never deadlock.
 */
async function withCourse(db: Db, courseId: string, change: (tx: Db) => Promise<void>): Promise<ItemResult> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await touchCourse(tx, courseId))) throw new Missing('Course');
      await change(tx);
      return (await getCourse(tx, courseId))!;
    });
  } catch (err) {
    if (err instanceof Missing) return { missing: err.message };
    throw err;
  }
}

export function addItem(db: Db, kind: ItemKind, courseId: string, fields: ItemFields): Promise<ItemResult> {
  const { table } = COURSE_ITEM_TABLES[kind];
  // clock_timestamp, not now(): insertion order must hold even between overlapping transactions.
  const values = { ...fields, courseId, createdAt: sql`clock_timestamp()` };
  return withCourse(db, courseId, async (tx) => {
    await tx.insert(table).values(values);
  });
}

export function updateItem(
  db: Db,
  kind: ItemKind,
  courseId: string,
  itemId: string,
  fields: ItemFields,
): Promise<ItemResult> {
  const { table } = COURSE_ITEM_TABLES[kind];
  const { noun } = COURSE_ITEM_KINDS[kind];
  return withCourse(db, courseId, async (tx) => {
    const updated = await tx
      .update(table)
      .set(fields)
      .where(and(eq(table.id, itemId), eq(table.courseId, courseId)))
      .returning({ id: table.id });
    if (!updated.length) throw new Missing(noun);
  });
}

export function deleteItem(db: Db, kind: ItemKind, courseId: string, itemId: string): Promise<ItemResult> {
  const { table } = COURSE_ITEM_TABLES[kind];
  const { noun } = COURSE_ITEM_KINDS[kind];
  return withCourse(db, courseId, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.id, itemId), eq(table.courseId, courseId)))
      .returning({ id: table.id });
    if (!deleted.length) throw new Missing(noun);
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { Course, CourseItemKind } from '@/shared/schemas';
import { COURSE_ITEM_TABLES } from './course-item-tables';
import { getCourse, lockCourse, touchCourse } from './courses-repo';

/** Column values of an item, already validated by the kind's shared schema (keys are column names). */
export type ItemFields = Record<string, string | number>;

/** What an item change gives back: the whole course, or which of the two records is not there. */
export type ItemChange = Course | { missing: 'course' | 'item' };

/**
 * Runs an item change with the course row locked first, the same order a course delete takes, so the
 * two never deadlock. The course's updatedAt moves only when the change found its item.
 */
function withCourse(db: Db, courseId: string, change: (tx: Db) => Promise<boolean>): Promise<ItemChange> {
  return db.transaction(async (tx) => {
    if (!(await lockCourse(tx, courseId))) return { missing: 'course' };
    if (!(await change(tx))) return { missing: 'item' };
    await touchCourse(tx, courseId);
    return (await getCourse(tx, courseId))!;
  });
}

export function addItem(db: Db, kind: CourseItemKind, courseId: string, fields: ItemFields): Promise<ItemChange> {
  const { table } = COURSE_ITEM_TABLES[kind];
  // clock_timestamp, not now(): insertion order must hold even between overlapping transactions.
  const values = { ...fields, courseId, createdAt: sql`clock_timestamp()` };
  return withCourse(db, courseId, async (tx) => {
    await tx.insert(table).values(values);
    return true;
  });
}

export function updateItem(
  db: Db,
  kind: CourseItemKind,
  courseId: string,
  itemId: string,
  fields: ItemFields,
): Promise<ItemChange> {
  const { table } = COURSE_ITEM_TABLES[kind];
  return withCourse(db, courseId, async (tx) => {
    const updated = await tx
      .update(table)
      .set(fields)
      .where(and(eq(table.id, itemId), eq(table.courseId, courseId)))
      .returning({ id: table.id });
    return updated.length > 0;
  });
}

export function deleteItem(db: Db, kind: CourseItemKind, courseId: string, itemId: string): Promise<ItemChange> {
  const { table } = COURSE_ITEM_TABLES[kind];
  return withCourse(db, courseId, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.id, itemId), eq(table.courseId, courseId)))
      .returning({ id: table.id });
    return deleted.length > 0;
  });
}

import type { Db } from '@/server/db/client';
import {
  batches,
  courseFaqs,
  courseResources,
  courseReviews,
  courseSyllabus,
  courseTableData,
  courses,
} from '@/server/db/schema';
import { DEMO_COURSES } from './demo-courses';
import { DEMO_BATCHES, makeBatchRow, makeCourseRows, type BatchRow } from './generate';
import { daysBefore, type Random } from './random';

/** The demo courses as rows, each with its page items: the first 560 days before `now`, then every 45 days. */
export function makeCatalogue(rng: Random, now: number) {
  const rows = DEMO_COURSES.map((c, i) =>
    makeCourseRows(c, rng.uuid(), daysBefore(now, 560 - i * 45), () => rng.uuid()),
  );
  return {
    courses: rows.map((c) => c.course),
    syllabus: rows.flatMap((c) => c.syllabus),
    faqs: rows.flatMap((c) => c.faqs),
    reviews: rows.flatMap((c) => c.reviews),
    resources: rows.flatMap((c) => c.resources),
    tableData: rows.flatMap((c) => c.tableData),
  };
}
export type Catalogue = ReturnType<typeof makeCatalogue>;

export const makeDemoBatches = (rng: Random): BatchRow[] => DEMO_BATCHES.map((b) => makeBatchRow(b, rng.uuid()));

/** Inserts the courses, then their page items. */
export async function insertCatalogue(db: Db, catalogue: Catalogue): Promise<void> {
  await db.insert(courses).values(catalogue.courses);
  await db.insert(courseSyllabus).values(catalogue.syllabus);
  await db.insert(courseFaqs).values(catalogue.faqs);
  await db.insert(courseReviews).values(catalogue.reviews);
  await db.insert(courseResources).values(catalogue.resources);
  await db.insert(courseTableData).values(catalogue.tableData);
}

export async function insertBatches(db: Db, rows: BatchRow[]): Promise<void> {
  await db.insert(batches).values(rows);
}

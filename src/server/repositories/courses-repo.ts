import { eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { courses } from '@/server/db/schema';
import type { Course, CourseCardBody, PageDataBody } from '@/shared/schemas';
import { courseItemLists } from './course-item-tables';
import { asText, iso, jsonObject, jsonValue } from './sql-json';

/**
 * The wire shape of a course (docs/api.md) over the alias `c`, items included, so a list is one query.
 * numeric and real become JSON numbers (to_json).
 */
export const courseJsonSql = jsonObject({
  _id: 'c.id',
  cardData: jsonObject({
    image: 'c.card_image',
    title: 'c.card_title',
    description: 'c.card_description',
    rating: 'c.card_rating',
    reviews: 'c.card_reviews',
    price: 'c.card_price',
  }),
  pageData: jsonObject({
    title: 'c.title',
    description: 'c.description',
    slug: 'c.slug',
    price: 'c.price',
    discountPrice: 'c.discount_price',
    courseDetails: jsonObject({
      duration: 'c.duration',
      level: 'c.level',
      language: 'c.language',
      certificate: 'c.certificate',
      instructor: 'c.instructor',
      enrollmentDeadline: 'c.enrollment_deadline',
      startDate: 'c.start_date',
    }),
    ...courseItemLists,
    whatYouWillLearn: 'c.what_you_will_learn',
  }),
  createdAt: iso('c.created_at'),
  updatedAt: iso('c.updated_at'),
});

/** All courses, oldest first, one JSON text per row (for the list cache's cursor). */
export const coursesListRows = sql`select ${asText(courseJsonSql)} as json from courses c order by c.created_at, c.id`;

export function getCourse(db: Db, id: string): Promise<Course | null> {
  return jsonValue<Course>(db, sql`select ${asText(courseJsonSql)} as json from courses c where c.id = ${id}`);
}

/**
 * Locks the course row, so writes to one course and its items run one at a time; false when there is
 * no such course.
 */
export async function lockCourse(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).for('update');
  return row !== undefined;
}

/** Marks the course as changed now (its items are part of it). */
export async function touchCourse(db: Db, id: string): Promise<void> {
  await db
    .update(courses)
    .set({ updatedAt: sql`now()` })
    .where(eq(courses.id, id));
}

/** A URL slug from a title: ASCII letters and digits joined by single dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return slug || 'course';
}

async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)));
  const used = new Set(taken.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Creates a course from its card; the page starts with the card's title, description and price.
 * Null when no free slug was found (five concurrent creates of one title took them all).
 */
export async function createCourse(db: Db, card: CourseCardBody): Promise<Course | null> {
  const base = slugify(card.title);
  // Creates of one title take their slugs one at a time (a lock held to the end of the transaction, taken before
  // any other): racing, a create whose insert found its slug taken still ran the sync triggers, held the sync
  // clock, and deadlocked with the create it then waited for. A page edit may still take a slug meanwhile: the
  // insert does nothing then, and the look-up runs again.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-slug:${base}`}))`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(courses)
      .values({
        cardImage: card.image,
        cardTitle: card.title,
        cardDescription: card.description,
        cardRating: card.rating,
        cardReviews: card.reviews,
        cardPrice: String(card.price),
        title: card.title,
        description: card.description,
        slug: await freeSlug(db, base),
        price: String(card.price),
      })
      .onConflictDoNothing({ target: courses.slug })
      .returning({ id: courses.id });
    if (row) return (await getCourse(db, row.id))!;
  }
  return null;
}

/** Deletes the course; items cascade, enrollments keep their copied details with course_id set null. */
export async function deleteCourse(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  return deleted.length > 0;
}

/** Replaces the card: what the course list (and the public catalogue) shows; null when there is no such course. */
export async function updateCard(db: Db, id: string, card: CourseCardBody): Promise<Course | null> {
  const updated = await db
    .update(courses)
    .set({
      cardImage: card.image,
      cardTitle: card.title,
      cardDescription: card.description,
      cardRating: card.rating,
      cardReviews: card.reviews,
      cardPrice: String(card.price),
      updatedAt: sql`now()`,
    })
    .where(eq(courses.id, id))
    .returning({ id: courses.id });
  return updated.length ? getCourse(db, id) : null;
}

/** drizzle wraps driver errors; the PostgreSQL code sits on the cause. */
const isUniqueViolation = (err: unknown) =>
  [err, (err as { cause?: unknown } | null)?.cause].some((e) => (e as { code?: string } | null)?.code === '23505');

/** The updated course; null when there is no such course; 'slug-taken' when another course has the slug. */
export async function updatePageData(db: Db, id: string, page: PageDataBody): Promise<Course | null | 'slug-taken'> {
  const { courseDetails: d } = page;
  try {
    // In its own savepoint: the caller's transaction goes on after a refused slug.
    const updated = await db.transaction((tx) =>
      tx
        .update(courses)
        .set({
          title: page.title,
          description: page.description,
          slug: page.slug,
          price: String(page.price),
          discountPrice: page.discountPrice === null ? null : String(page.discountPrice),
          duration: d.duration,
          level: d.level,
          language: d.language,
          certificate: d.certificate,
          instructor: d.instructor,
          enrollmentDeadline: d.enrollmentDeadline,
          startDate: d.startDate,
          updatedAt: sql`now()`,
        })
        .where(eq(courses.id, id))
        .returning({ id: courses.id }),
    );
    return updated.length ? getCourse(db, id) : null;
  } catch (err) {
    if (isUniqueViolation(err)) return 'slug-taken';
    throw err;
  }
}

export async function setWhatYouWillLearn(db: Db, id: string, points: string[]): Promise<Course | null> {
  const updated = await db
    .update(courses)
    .set({ whatYouWillLearn: points, updatedAt: sql`now()` })
    .where(eq(courses.id, id))
    .returning({ id: courses.id });
  return updated.length ? getCourse(db, id) : null;
}

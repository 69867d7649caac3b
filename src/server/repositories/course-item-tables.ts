import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { courseFaqs, courseResources, courseReviews, courseSyllabus, courseTableData } from '@/server/db/schema';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type CourseItemKind } from '@/shared/schemas';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The table of each item kind (the kinds themselves are declared in src/shared), and the column its
 * items sort by before insertion order (API.md: syllabus by week, the others in insertion order).
 */
export const COURSE_ITEM_TABLES = {
  syllabus: { table: courseSyllabus, sortFirst: 'week' },
  faq: { table: courseFaqs },
  review: { table: courseReviews },
  resource: { table: courseResources },
  tableData: { table: courseTableData },
} as const satisfies Record<CourseItemKind, ItemTable>;

interface ItemTable {
  table: PgTable;
  sortFirst?: string;
}

/** One kind's items of course `c` as a JSON array: the wire item's keys, each from its column. */
function itemsJson(kind: CourseItemKind): string {
  const { table, sortFirst }: ItemTable = COURSE_ITEM_TABLES[kind];
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const column = (key: string) => `i.${columns[key === '_id' ? 'id' : key]!.name}`;
  const values = Object.keys(COURSE_ITEM_KINDS[kind].item.shape).map((key) => `'${key}', ${column(key)}`);
  const order = [...(sortFirst ? [column(sortFirst)] : []), 'i.created_at', 'i.id'];
  return `coalesce((select json_agg(json_build_object(${values.join(', ')}) order by ${order.join(', ')})
    from ${getTableName(table)} i where i.course_id = c.id), '[]'::json)`;
}

/** Every item list of course `c` as `'list', array` pairs, for the course's json_build_object. */
export const courseItemListsSql = sql.raw(
  COURSE_ITEM_KIND_NAMES.map((kind) => `'${COURSE_ITEM_KINDS[kind].list}', ${itemsJson(kind)}`).join(',\n    '),
);

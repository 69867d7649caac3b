import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { courseFaqs, courseResources, courseReviews, courseSyllabus, courseTableData } from '@/server/db/schema';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type CourseItemKind } from '@/shared/schemas';
import { jsonObject } from './sql-json';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The table of each item kind (the kinds themselves are declared in src/shared), and the column its
 * items sort by before insertion order (docs/api.md: syllabus by week, the others in insertion order).
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
function itemsJson(kind: CourseItemKind): SQL {
  const { table, sortFirst }: ItemTable = COURSE_ITEM_TABLES[kind];
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const column = (key: string) => `i.${columns[key === '_id' ? 'id' : key]!.name}`;
  const item = jsonObject(
    Object.fromEntries(Object.keys(COURSE_ITEM_KINDS[kind].item.shape).map((key) => [key, column(key)])),
  );
  const order = [...(sortFirst ? [column(sortFirst)] : []), 'i.created_at', 'i.id'].join(', ');
  return sql`coalesce((select json_agg(${item} order by ${sql.raw(order)})
    from ${sql.raw(getTableName(table))} i where i.course_id = c.id), '[]'::json)`;
}

/** Every item list of course `c` by its wire name, for the course's jsonObject. */
export const courseItemLists: Record<string, SQL> = Object.fromEntries(
  COURSE_ITEM_KIND_NAMES.map((kind) => [COURSE_ITEM_KINDS[kind].list, itemsJson(kind)]),
);

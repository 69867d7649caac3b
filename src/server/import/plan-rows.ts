import type { ImportCourse, ImportInsert, ImportUser } from '@/server/repositories/import-repo';
import { CURRENCIES, LIMITS, type Currency } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { ImportColumn, ImportRow } from '@/shared/schemas';
import type { ImportFileRow } from './read-import-file';

const M = MESSAGES.import;
const MAX_AMOUNT = 9_999_999_999.99;
/** "USD 49.00", as the download writes it; "usd 49" and "USD 1299.5" too. */
const PAID_AMOUNT = /^([A-Za-z]{3})\s+(\d{1,10}(?:\.\d{1,2})?)$/;

export interface Lookups {
  /** By lower-cased email. */
  users: Map<string, ImportUser>;
  courses: readonly ImportCourse[];
  /** Transaction IDs some enrollment already holds. */
  recorded: Set<string>;
}

/** A row's plan: what the import would do with it. */
export interface PlannedRow extends ImportRow {
  insert?: ImportInsert & { userName: string; courseTitle: string };
}

/** The download writes N/A for a missing value: it is as good as blank here. */
const value = (cell: string) => (cell.toUpperCase() === 'N/A' ? '' : cell);

function courseFinder(courses: readonly ImportCourse[]) {
  const bySlug = new Map(courses.map((c) => [c.slug.toLowerCase(), c]));
  const byTitle = new Map<string, ImportCourse[]>();
  for (const c of courses) {
    const key = c.title.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), c]);
  }
  return (text: string): ImportCourse | string => {
    const key = text.toLowerCase();
    const slug = bySlug.get(key);
    if (slug) return slug;
    const titled = byTitle.get(key) ?? [];
    if (titled.length === 1) return titled[0]!;
    return titled.length ? M.courseAmbiguous : M.courseNotFound;
  };
}

const text = (cells: Record<ImportColumn, string>, column: ImportColumn, errors: Record<string, string>) => {
  const v = value(cells[column]);
  if (!v) errors[column] = M.required(column);
  else if (v.length > LIMITS.shortText) errors[column] = M.tooLong(column, LIMITS.shortText);
  return v;
};

/**
 * Decides, row by row, what the import does: each row is checked alone (its user by email, its course by slug
 * or title, the amount and currency, method and transaction ID), and a transaction ID already recorded, in
 * the database or higher up in the file, is not added again.
 */
export function planRows(fileRows: readonly ImportFileRow[], lookups: Lookups): PlannedRow[] {
  const findCourse = courseFinder(lookups.courses);
  const firstRowOf = new Map<string, number>();
  return fileRows.map(({ row, cells, cellCountError }): PlannedRow => {
    const errors: Record<string, string> = {};
    if (cellCountError) errors[M.columns.row] = cellCountError;

    const email = text(cells, 'Email', errors);
    const user = email ? lookups.users.get(email.toLowerCase()) : undefined;
    if (email && !user && !errors.Email) errors.Email = M.userNotFound;

    const courseText = text(cells, 'Course', errors);
    const course = courseText && !errors.Course ? findCourse(courseText) : undefined;
    if (typeof course === 'string') errors.Course = course;

    let currency: Currency | undefined;
    let amount: number | undefined;
    const paid = value(cells['Paid Amount']);
    const match = PAID_AMOUNT.exec(paid);
    if (!paid) errors['Paid Amount'] = M.required('Paid Amount');
    else if (!match) errors['Paid Amount'] = M.amountFormat;
    else {
      const code = match[1]!.toUpperCase();
      amount = Number(match[2]);
      if (!(CURRENCIES as readonly string[]).includes(code)) errors['Paid Amount'] = M.currency(CURRENCIES);
      else if (amount > MAX_AMOUNT) errors['Paid Amount'] = M.amountTooLarge;
      else currency = code as Currency;
    }

    const paymentMethod = text(cells, 'Payment Method', errors);
    const transactionId = text(cells, 'Transaction ID', errors);
    if (transactionId && !errors['Transaction ID']) {
      const first = firstRowOf.get(transactionId);
      if (first === undefined) firstRowOf.set(transactionId, row);
      else errors['Transaction ID'] = M.repeatedTransaction(first);
    }

    if (
      Object.keys(errors).length ||
      !user ||
      !course ||
      typeof course === 'string' ||
      !currency ||
      amount === undefined
    )
      return {
        row,
        status: 'invalid',
        message: Object.entries(errors)
          .map(([column, message]) => `${column}: ${message}`)
          .join(' '),
        errors,
      };
    if (lookups.recorded.has(transactionId)) return { row, status: 'skipped', message: M.alreadyRecorded };
    const money = `${currency} ${amount.toFixed(2)}`;
    return {
      row,
      status: 'ready',
      message: M.willEnroll(user.name, course.title, money),
      insert: {
        userId: user.id,
        courseId: course.id,
        amount: amount.toFixed(2),
        currency,
        paymentMethod,
        transactionId,
        userName: user.name,
        courseTitle: course.title,
      },
    };
  });
}

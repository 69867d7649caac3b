import { formatDate, formatDateTime, formatMoney, formatPrice } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';

const M = MESSAGES.activity;

/** A field's value as a screen shows it: text, or a reference to a record (shown as a link, or "deleted"). */
export type ReadableValue = { text: string } | { ref: 'users' | 'courses' | 'batches'; id: string };

export interface ReadableField {
  /** The column, as the entry names it. */
  field: string;
  label: string;
  /** Null: the field has no value on that side (a create has no before, a delete no after). */
  before: ReadableValue | null;
  after: ReadableValue | null;
}

const REFS: Record<string, 'users' | 'courses' | 'batches'> = {
  user_id: 'users',
  course_id: 'courses',
  batch_id: 'batches',
};
/** Amounts in the record's own currency; a course's prices in dollars, as their screens show them. */
const MONEY = new Set(['amount', 'amount_paid']);
const PRICES = new Set(['price', 'card_price', 'discount_price']);
/** Instants shown with their time; a batch's dates as days, as its card shows them. */
const INSTANTS = new Set(['verified_at', 'created_at']);
const DAYS = new Set(['start_date', 'end_date']);
const CAPITALISED = new Set(['payment_status', 'role']);

const EMPTY = '—';

function readable(kind: string, field: string, value: unknown, currency: string | null): ReadableValue {
  if (value === null || value === undefined || value === '') return { text: EMPTY };
  if (REFS[field] && typeof value === 'string') return { ref: REFS[field], id: value };
  if (typeof value === 'boolean') return { text: value ? M.yes : M.no };
  if (MONEY.has(field) && typeof value === 'number') return { text: formatMoney(value, currency) };
  if (PRICES.has(field) && typeof value === 'number') return { text: formatPrice(value) };
  if (typeof value === 'string') {
    if (INSTANTS.has(field)) return { text: formatDateTime(value) };
    // A course's start date is free text ("Rolling"); a batch's is an instant.
    if (DAYS.has(field) && kind === 'batch') return { text: formatDate(value) };
    if (CAPITALISED.has(field)) return { text: value.charAt(0).toUpperCase() + value.slice(1) };
    return { text: value };
  }
  if (field === 'progress' && typeof value === 'number') return { text: `${value}%` };
  if (Array.isArray(value)) return { text: value.map(String).join(', ') };
  return { text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

/**
 * The fields an entry names, as the record's screens show them: their labels, in the screens' order, values
 * formatted as there (amounts with their currency, Yes/No, dates), ids as references to records. Fields an
 * admin never sees on a screen (ids of the record itself, slugs, images) are left out.
 */
export function readableFields(entry: Pick<Activity, 'kind' | 'before' | 'after'>): ReadableField[] {
  const labels = M.fields[entry.kind] ?? {};
  const currencyOf = (side: Record<string, unknown> | null) => {
    const c = side?.currency ?? entry.after?.currency ?? entry.before?.currency;
    return typeof c === 'string' ? c : null;
  };
  const side = (values: Record<string, unknown> | null, field: string) =>
    values && field in values ? readable(entry.kind, field, values[field], currencyOf(values)) : null;
  return Object.keys(labels)
    .filter((field) => (entry.before && field in entry.before) || (entry.after && field in entry.after))
    .map((field) => ({
      field,
      label: labels[field]!,
      before: side(entry.before, field),
      after: side(entry.after, field),
    }));
}

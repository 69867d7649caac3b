import { DATE_LOCALE, PRICE_PREFIX } from '@/shared/constants';

/**
 * Made on first use, not when the module loads: a page's first Intl object loads ICU's locale data, a task of
 * 40 to 150 ms, which the warm-up worker (intl-warmup.ts) pays off the main thread before a screen formats.
 */
const lazy = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const date = lazy(() => new Intl.DateTimeFormat(DATE_LOCALE, { year: 'numeric', month: 'short', day: 'numeric' }));
const longDate = lazy(() => new Intl.DateTimeFormat(DATE_LOCALE, { year: 'numeric', month: 'long', day: 'numeric' }));
const numericDate = lazy(() => new Intl.DateTimeFormat(DATE_LOCALE));
const dateTime = lazy(
  () =>
    new Intl.DateTimeFormat(DATE_LOCALE, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const number = lazy(() => new Intl.NumberFormat(DATE_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const count = lazy(() => new Intl.NumberFormat(DATE_LOCALE));

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const NA = 'N/A';

/** en-US short date, e.g. "Nov 21, 2026"; N/A when missing. */
export const formatDate = (iso: string | null | undefined) => (valid(iso) ? date().format(valid(iso)!) : NA);
/** Long month for batch cards, e.g. "November 21, 2026". */
export const formatLongDate = (iso: string | null | undefined) => (valid(iso) ? longDate().format(valid(iso)!) : NA);
export const formatDateTime = (iso: string | null | undefined) => (valid(iso) ? dateTime().format(valid(iso)!) : NA);
/** Prices show with a $ prefix. */
export const formatPrice = (n: number | null | undefined) => (n == null ? NA : `${PRICE_PREFIX}${number().format(n)}`);
/** An amount in its own currency, e.g. "EUR 49.00". */
export const formatMoney = (n: number | null | undefined, currency: string | null | undefined) =>
  n == null ? NA : `${currency ?? 'USD'} ${number().format(n)}`;
/** Numeric en-US date, e.g. "11/21/2026" (spreadsheets read it as a date); N/A when missing. */
export const formatNumericDate = (iso: string | null | undefined) =>
  valid(iso) ? numericDate().format(valid(iso)!) : NA;
/** A count, grouped by thousands: "12,500". */
export const formatCount = (n: number) => count().format(n);
export const orNA = (v: string | number | null | undefined) => (v == null || v === '' ? NA : String(v));

/** "3 min ago" style, for the last-synced indicator. */
export function formatRelative(ms: number, now = Date.now()): string {
  const s = Math.round((now - ms) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  return formatDate(new Date(ms).toISOString());
}

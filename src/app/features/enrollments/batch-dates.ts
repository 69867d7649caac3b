/**
 * A batch date is a calendar day. The date input's "2026-11-01" is sent as that day's local midnight,
 * so the card shows the same day the admin picked whatever the time zone.
 */
export const dayToIso = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** ISO timestamp to the date input's local "YYYY-MM-DD". */
export function isoToDay(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

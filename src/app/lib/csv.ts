import { FORMULA_RISK } from '@/shared/csv-records';

/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF rows, a UTF-8 BOM so accents survive Excel, and
 * cells a spreadsheet could run as a formula (FORMULA_RISK: = + - @, full-width too, after spaces or not, or a
 * tab, CR or LF first) prefixed with ' so they are never run.
 */
type Cells = readonly (string | number | null | undefined)[];
const line = (cells: Cells) => cells.map(cell).join(',');

export function toCsv(header: readonly string[], rows: readonly Cells[]): string {
  return '\uFEFF' + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

function cell(value: string | number | null | undefined): string {
  let s = value == null ? '' : String(value);
  if (FORMULA_RISK.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

const TYPE = 'text/csv;charset=utf-8';
/** Rows turned into text at a time: a slice is a few MB at most, and the page can paint between slices. */
const SLICE = 5000;

/**
 * Saves `items` as a CSV file on the device; no server call. The file grows slice by slice in a Blob (kept by
 * the browser, not in the JS heap), so 200,000 enrollments never sit in memory as one string.
 */
export async function downloadCsv<T>(
  fileName: string,
  header: readonly string[],
  items: readonly T[],
  cells: (item: T) => Cells,
) {
  let blob = new Blob([`\uFEFF${line(header)}\r\n`], { type: TYPE });
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve));
    const text = items
      .slice(i, i + SLICE)
      .map((item) => line(cells(item)))
      .join('\r\n');
    blob = new Blob([blob, text, '\r\n'], { type: TYPE });
  }
  save(fileName, blob);
}

/**
 * A name every system saves as it reads. Windows allows none of \\ / : * ? " < > | in a file name, so Chromium
 * turns each into _ on every system ("User : Ann Lee.csv" became "User _ Ann Lee.csv"). The spec's colon becomes
 * its look-alike ꞉ (U+A789, a letter every system allows), so the saved name still reads as the spec writes it;
 * the rest become _ as before.
 */
export const cleanFileName = (name: string) => name.replace(/:/g, '\uA789').replace(/[\\/*?"<>|]+/g, '_');

function save(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = cleanFileName(fileName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

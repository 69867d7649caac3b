/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF rows, a UTF-8 BOM so accents survive Excel, and
 * cells starting with = + - @ (or tab/CR) prefixed with ' so they are never run as formulas.
 */
type Cells = readonly (string | number | null | undefined)[];
const line = (cells: Cells) => cells.map(cell).join(',');

export function toCsv(header: readonly string[], rows: readonly Cells[]): string {
  return '\uFEFF' + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

function cell(value: string | number | null | undefined): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
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

function save(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/]+/g, '_'); // names keep the spec's form, e.g. "User : Ann Lee.csv"
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

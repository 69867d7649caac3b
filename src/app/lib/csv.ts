/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF rows, a UTF-8 BOM so accents survive Excel, and
 * cells starting with = + - @ (or tab/CR) prefixed with ' so they are never run as formulas.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const line = (cells: readonly (string | number | null | undefined)[]) => cells.map(cell).join(',');
  return '\uFEFF' + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

function cell(value: string | number | null | undefined): string {
  let s = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Saves the text as a file on the device; no server call. */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/]+/g, '_'); // names keep the spec's form, e.g. "User : Ann Lee.csv"
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Reads CSV text (RFC 4180: comma-separated, fields quoted with ", "" inside quotes, CRLF or LF rows) into
 * records of cells. Used by the server's import and by the PWA when it writes the import's result file, so
 * both number the rows alike. One pass over the text; quoted fields are sliced, not built char by char.
 */
/**
 * Text a spreadsheet may run as a formula: =, +, - or @, or their full-width forms (＝ ＋ － ＠, which some
 * spreadsheets read as the same), also after leading spaces (some spreadsheets skip them), or a tab, CR or LF
 * first. The downloads write such cells with a leading ' (`src/app/lib/csv.ts`); the import refuses them.
 */
export const FORMULA_RISK = /^(\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

export type CsvRead = { records: string[][] } | { unclosedQuoteAt: number };

export function readCsvRecords(text: string): CsvRead {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  // An empty text, or one ending in a row break, has no trailing empty record.
  while (i < n) {
    let value: string;
    if (text.charCodeAt(i) === 34 /* " */) {
      let start = i + 1;
      value = '';
      for (;;) {
        const q = text.indexOf('"', start);
        if (q === -1) return { unclosedQuoteAt: records.length + 1 };
        if (text.charCodeAt(q + 1) === 34) {
          value += text.slice(start, q + 1);
          start = q + 2;
          continue;
        }
        value += text.slice(start, q);
        i = q + 1;
        break;
      }
      // Anything between the closing quote and the next separator is kept, as spreadsheets do.
      const end = nextSeparator(text, i);
      value += text.slice(i, end);
      i = end;
    } else {
      const end = nextSeparator(text, i);
      value = text.slice(i, end);
      i = end;
    }
    record.push(value);
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) {
      i++;
      if (i === n) record.push('');
    } else {
      // a row break (\r\n, \n or \r) or the end of the text
      if (c === 13 && text.charCodeAt(i + 1) === 10) i += 2;
      else if (i < n) i++;
      records.push(record);
      record = [];
    }
  }
  if (record.length) records.push(record);
  return { records };
}

function nextSeparator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 10 || c === 13) return i;
  }
  return text.length;
}

/** A record of one empty cell: a blank line, skipped by the import but still counted as a spreadsheet row. */
export const isBlankRecord = (record: readonly string[]) => record.length === 1 && record[0]!.trim() === '';

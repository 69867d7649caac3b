import { FORMULA_RISK, isBlankRecord, readCsvRecords } from '@/shared/csv-records';
import { MESSAGES } from '@/shared/messages';
import {
  ENROLLMENT_CSV_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_RESULT_COLUMNS,
  type ImportColumn,
} from '@/shared/schemas';

export interface ImportFileRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** The cells the import reads, trimmed, the download's ' escape removed; blank when the row is too short. */
  cells: Record<ImportColumn, string>;
  /** Set when the row's cell count differs from the header's. */
  cellCountError?: string;
}

const M = MESSAGES.import;
/** A file the import refuses as a whole; the route answers it with a 400 naming the file. */
export class ImportFileError extends Error {}
const fileError = (message: string) => new ImportFileError(message);

/** A cell the download escaped with a leading ' (FORMULA_RISK): the ' goes, the text stays text. */
const escapedFormula = (value: string) => value.startsWith("'") && FORMULA_RISK.test(value.slice(1));
/** How many offending cells a refusal names. */
const NAMED = 5;

/** Bytes to text: UTF-8 only (a BOM is fine), never a guess, so no accent is ever silently mangled. */
function decode(bytes: Buffer): string {
  if (bytes.length === 0) throw fileError(M.empty);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw fileError(M.notUtf8);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError(M.notUtf8);
  }
  if (text.includes('\u0000')) throw fileError(M.notText);
  return text;
}

const list = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** The header's position of each column the import reads; any other column of the export is allowed. */
function mapHeader(header: string[]): Record<ImportColumn, number> {
  const names = header.map((h) => h.trim());
  if (names.length === 1 && names[0]!.includes(';')) throw fileError(M.semicolons);
  const known = new Map<string, string>(
    [...ENROLLMENT_CSV_COLUMNS, ...IMPORT_RESULT_COLUMNS].map((c) => [c.toLowerCase(), c]),
  );
  const unknown = names.filter((n) => !known.has(n.toLowerCase()));
  if (unknown.length) throw fileError(M.unknownColumns(list(unknown)));
  const seen = new Set<string>();
  const repeated = names.filter((n) => seen.size === seen.add(n.toLowerCase()).size);
  if (repeated.length) throw fileError(M.repeatedColumns(list([...new Set(repeated)])));
  const lower = names.map((n) => n.toLowerCase());
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !lower.includes(c.toLowerCase()));
  if (missing.length) throw fileError(M.missingColumns(list(missing)));
  return Object.fromEntries(IMPORT_REQUIRED_COLUMNS.map((c) => [c, lower.indexOf(c.toLowerCase())])) as Record<
    ImportColumn,
    number
  >;
}

/**
 * Reads an import file, or refuses it whole (a 400 saying what to fix): not UTF-8, not text, no header or
 * wrong columns, an unclosed quote, more than IMPORT_MAX_ROWS rows, or any cell that a spreadsheet would run
 * as a formula (in any column: the file may be opened again). Blank lines are skipped but keep their number.
 */
export function readImportFile(bytes: Buffer): ImportFileRow[] {
  const read = readCsvRecords(decode(bytes).replace(/^\uFEFF/, ''));
  if ('unclosedQuoteAt' in read) throw fileError(M.unclosedQuote(read.unclosedQuoteAt));
  const [header, ...records] = read.records;
  if (!header || isBlankRecord(header)) throw fileError(M.empty);
  const formulas: string[] = [];
  let formulaCount = 0;
  const checkFormulas = (record: string[], row: number) => {
    for (let c = 0; c < record.length; c++) {
      if (!FORMULA_RISK.test(record[c]!)) continue;
      if (formulaCount++ < NAMED) formulas.push(M.cellAt(row, header[c]?.trim() || `#${c + 1}`));
    }
  };
  checkFormulas(header, 1);
  const columns = mapHeader(header);

  const rows: ImportFileRow[] = [];
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    if (isBlankRecord(record)) continue;
    const row = r + 2;
    checkFormulas(record, row);
    if (rows.length === IMPORT_MAX_ROWS) throw fileError(M.tooManyRows(IMPORT_MAX_ROWS));
    const cells = {} as Record<ImportColumn, string>;
    for (const column of IMPORT_REQUIRED_COLUMNS) {
      // Checked above as read; stored trimmed, so a cell is never stored as a formula it was not checked as.
      const value = (record[columns[column]] ?? '').trim();
      cells[column] = escapedFormula(value) ? value.slice(1).trim() : value;
    }
    rows.push({
      row,
      cells,
      ...(record.length === header.length ? {} : { cellCountError: M.cellCount(record.length, header.length) }),
    });
  }
  if (formulaCount) {
    const more = formulaCount > NAMED ? `, ${M.andMore(formulaCount - NAMED)}` : '';
    throw fileError(M.formulas(formulas.join(', ') + more));
  }
  if (!rows.length) throw fileError(M.noRows);
  return rows;
}

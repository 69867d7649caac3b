import { downloadCsv } from '@/app/lib/csv';
import { isBlankRecord, readCsvRecords } from '@/shared/csv-records';
import { MESSAGES } from '@/shared/messages';
import { ENROLLMENT_CSV_COLUMNS, IMPORT_RESULT_COLUMNS, type ImportReply } from '@/shared/schemas/import';

const M = MESSAGES.import;

/** The import's template: the download's header, so a downloaded file is also a valid import file. */
export const downloadImportTemplate = () => void downloadCsv(M.templateFile, ENROLLMENT_CSV_COLUMNS, [], () => []);

/**
 * The result file: the imported file as it was, each row followed by its outcome and why (the server's row
 * numbers are spreadsheet rows, header = 1). A result file, fixed, can be imported again as it is: rows
 * already imported are then skipped by their transaction ID.
 */
export async function downloadImportResult(fileName: string, file: File, reply: ImportReply) {
  const read = readCsvRecords((await file.text()).replace(/^\uFEFF/, ''));
  if (!('records' in read)) return; // the server read this file; it cannot be unreadable here
  const [header = [], ...records] = read.records;
  // A result file imported again: its old outcome columns give way to the new ones.
  const old = header.flatMap((h, i) => ((IMPORT_RESULT_COLUMNS as readonly string[]).includes(h.trim()) ? [i] : []));
  const keep = (cells: string[]) => (old.length ? cells.filter((_, i) => !old.includes(i)) : cells);
  const outcome = new Map(reply.rows.map((r) => [r.row, r]));
  const rows = records.flatMap((cells, i) => {
    if (isBlankRecord(cells)) return [];
    const r = outcome.get(i + 2);
    return [[...keep(cells), r ? M.status[r.status] : '', r?.message ?? '']];
  });
  await downloadCsv(fileName, [...keep(header), ...IMPORT_RESULT_COLUMNS], rows, (cells) => cells);
}

import { describe, expect, it } from 'vitest';
import { toCsv } from '@/app/lib/csv';
import { isBlankRecord, readCsvRecords } from '@/shared/csv-records';

const records = (text: string) => {
  const read = readCsvRecords(text);
  if (!('records' in read)) throw new Error(`unclosed quote at ${read.unclosedQuoteAt}`);
  return read.records;
};

describe('readCsvRecords (the import reads files with it)', () => {
  it('reads RFC 4180: quoted commas, doubled quotes, row breaks inside quotes, CRLF, LF and CR rows', () => {
    expect(records('a,"b,c","say ""hi"""\r\n"two\r\nlines",x\ny,z\rlast,row')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\r\nlines', 'x'],
      ['y', 'z'],
      ['last', 'row'],
    ]);
  });

  it('keeps empty cells, a trailing empty cell and blank lines (which keep their row number)', () => {
    const out = records('a,,b,\r\n\r\n,\r\n');
    expect(out).toEqual([['a', '', 'b', ''], [''], ['', '']]);
    expect(out.map(isBlankRecord)).toEqual([false, true, false]);
    expect(records('')).toEqual([]);
  });

  it('says which row opens a quote that never closes', () => {
    expect(readCsvRecords('h\r\nok\r\n"open,x\r\nmore')).toEqual({ unclosedQuoteAt: 3 });
  });

  it('reads back what the downloads write, cell for cell', () => {
    // A formula-like cell comes back with the download's ' in front (the import then drops it).
    const cells = [['Zoë, "Z"', '=formula', 'multi\r\nline', ' padded ', '']];
    const written = toCsv(['A', 'B', 'C', 'D', 'E'], cells).replace(/^\uFEFF/, '');
    expect(records(written)).toEqual([
      ['A', 'B', 'C', 'D', 'E'],
      ['Zoë, "Z"', "'=formula", 'multi\r\nline', ' padded ', ''],
    ]);
  });

  it('escapes every cell a spreadsheet could run: after leading spaces, a line feed first, full-width signs', () => {
    const risky = [' =HYPERLINK("x")', '\n=1', '\t1', '\r1', '＝1+1', '＋1', '－1', '＠SUM(A1)', '  @x'];
    const written = toCsv(['A'], [...risky.map((c) => [c]), [' padded '], ['a=b']]).replace(/^\uFEFF/, '');
    expect(records(written).slice(1)).toEqual([...risky.map((c) => [`'${c}`]), [' padded '], ['a=b']]);
  });
});

import type { Interner } from '../interning';

/**
 * How each list is held in memory and stored on the device. A chunk of up to CHUNK_ROWS rows is stored as one
 * JSON text: reading text back from IndexedDB and parsing it is several times faster than structured-cloning
 * the same objects. The text is columnar: one array per field, and the values that repeat across rows (batch
 * ids, currencies, course details, …) once in the chunk's dictionaries, which rows refer to by position. A
 * nested value equal to what the users list derives (an enrollment's embedded user, contact details copied
 * from the user) is stored as nothing at all. Decoding then costs one object per row and one lookup of its
 * user, and gives back the wire shape of docs/api.md (its fields in the same order), repeated values shared.
 */
export interface ListCodec<T> {
  encode(rows: readonly T[], interner: Interner): string;
  decode(text: string, interner: Interner): T[];
  /** A row from the network as memory holds it: its nested values shared with the rows that repeat them. */
  intern(row: T, interner: Interner): T;
}

/** Rows stored as they are (a list of few rows). */
export const plain = <T>(): ListCodec<T> => ({
  encode: (rows) => JSON.stringify(rows),
  decode: (text) => JSON.parse(text) as T[],
  intern: (row) => row,
});

/** Values stored once per chunk; rows hold their position. Rows in memory share them, so one object is one value. */
function dictionary<T>() {
  const values: T[] = [];
  const index = new Map<T, number>();
  return {
    values,
    ref(value: T) {
      let i = index.get(value);
      if (i === undefined) index.set(value, (i = values.push(value) - 1));
      return i;
    },
  };
}

/**
 * A chunk as stored: `n` rows, `s` the repeated short texts, `o` the repeated nested objects, `c` one array per
 * field. Columns are read back as tuples of arrays: each codec names them in its own order.
 */
interface Columns {
  n: number;
  s: (string | null)[];
  o: unknown[];
  c: unknown[][];
}

type Dictionary<T> = ReturnType<typeof dictionary<T>>;

/** One row's values, one per column of `C` and of its type, in the codec's column order. */
export type Cells<C extends unknown[][]> = { [K in keyof C]: C[K][number] };

/**
 * Rows written as a stored chunk: `cells` gives a row's values, typed by the codec's columns, and may put the
 * repeated ones in the two dictionaries (`s` short texts, `o` nested objects).
 */
export function writeChunk<C extends unknown[][], T, O = never>(
  rows: readonly T[],
  cells: (row: T, s: Dictionary<string | null>, o: Dictionary<O>) => Cells<C>,
): string {
  const s = dictionary<string | null>();
  const o = dictionary<O>();
  const c: unknown[][] = [];
  for (const row of rows) {
    const values = cells(row, s, o);
    for (let j = 0; j < values.length; j++) (c[j] ??= []).push(values[j]);
  }
  return JSON.stringify({ n: rows.length, s: s.values, o: o.values, c } satisfies Columns);
}

/**
 * A stored chunk read back as rows: `rowAt` receives its columns (typed by the codec), its short texts interned
 * and its nested objects, and gives the function that builds row `i`.
 */
export function readChunk<C extends unknown[][], T, O = never>(
  text: string,
  interner: Interner,
  rowAt: (columns: C, t: (string | null)[], o: O[]) => (i: number) => T,
): T[] {
  const { n, s, o, c } = JSON.parse(text) as Columns;
  const row = rowAt(
    c as C,
    s.map((v) => interner.text(v)),
    o as O[],
  );
  const rows = new Array<T>(n);
  for (let i = 0; i < n; i++) rows[i] = row(i);
  return rows;
}

import { runInSlices, runSteps, type Steps } from '@/app/lib/slices';

/** What a column is sorted by: a number, or a text compared without case; null sorts last either way. */
export type SortValue = string | number | null;

/** Work between two checks of the clock: small enough that a slice never runs long past its budget. */
const STEP = 4096;
/** Distinct values sorted natively in runs of this many, then merged. */
const RUN = 8192;

/** Each row's rank by a column, ascending (equal values equal ranks; an empty value `distinct`, after all). */
interface Ranks {
  ranks: Uint32Array;
  distinct: number;
}

/**
 * The ranks computed for a list, per column (its `sortValue`, which reads the row alone): sorting the same list by
 * the same column the other way, or again, only places the rows. Held as long as the list is.
 */
const kept = new WeakMap<readonly unknown[], Map<unknown, Ranks>>();

/**
 * The steps of a sort (see `sortOrder`), yielding every STEP rows or values so that a caller can pause between
 * them: the column's ranks (`rankSteps`, kept for the list), then the rows placed by them.
 */
function* sortSteps<T>(rows: readonly T[], sortValue: (row: T) => SortValue, desc: boolean): Steps<Uint32Array> {
  let columns = kept.get(rows);
  let ranked = columns?.get(sortValue);
  if (!ranked) {
    ranked = yield* rankSteps(rows, sortValue);
    if (!columns) kept.set(rows, (columns = new Map()));
    columns.set(sortValue, ranked);
  }
  return yield* placeSteps(ranked, desc);
}

/**
 * Each row's rank by the column. Nothing compares two rows, and no row's text is touched: each row's value is read
 * once and looked up among the distinct values seen so far (one Map lookup, no lower-casing, no new string per
 * row). The distinct values alone get their keys (texts lower-cased) and are sorted (natively in runs, then
 * merged: numbers as numbers, texts by code unit, the order `Array.prototype.sort` gives).
 */
function* rankSteps<T>(rows: readonly T[], sortValue: (row: T) => SortValue): Steps<Ranks> {
  const n = rows.length;
  // Each row's distinct value (its place in `values`), -1 for an empty one.
  const ids = new Int32Array(n);
  const idOf = new Map<string | number, number>();
  const values: (string | number)[] = [];
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const v = sortValue(rows[i]!);
    if (typeof v === 'string' || (typeof v === 'number' && !Number.isNaN(v))) {
      let id = idOf.get(v); // 0 and -0 are one value (SameValueZero), as they are equal
      if (id === undefined) idOf.set(v, (id = values.push(v) - 1));
      ids[i] = id;
    } else ids[i] = -1;
  }
  // The distinct values' keys: a number itself, a text lower-cased. A text whose key is another value ('Adam',
  // whose key is the value 'adam') takes that value's rank: `same[j]` is the value whose rank value j takes, itself
  // for a key. A key no row holds is added to the values, as a value of its own.
  const d = values.length;
  const same = new Int32Array(2 * d);
  const numbers: number[] = [];
  const texts: string[] = [];
  for (let j = 0; j < d; j++) {
    if ((j & (STEP - 1)) === STEP - 1) yield;
    const v = values[j]!;
    const key = typeof v === 'number' ? v : v.toLowerCase();
    if (key === v) {
      // A key of its own (a number is distinct already).
      same[j] = j;
      if (typeof v === 'number') numbers.push(v);
      else texts.push(v);
    } else {
      let k = idOf.get(key);
      if (k === undefined) idOf.set(key, (k = values.push(key) - 1));
      same[j] = k;
    }
  }
  for (let j = d; j < values.length; j++) {
    if ((j & (STEP - 1)) === STEP - 1) yield;
    texts.push(values[j] as string);
    same[j] = j;
  }
  // A column holds one kind of value; were there both, numbers would come before texts.
  const sortedNumbers = yield* sortedInRuns(Float64Array.from(numbers), (a) => a.sort());
  const sortedTexts = yield* sortedInRuns(texts, (a) => a.sort());
  const distinct = sortedNumbers.length + sortedTexts.length;
  // Each key's rank (found by its value's id), then each value's.
  const valueRank = new Uint32Array(values.length);
  for (let r = 0; r < distinct; r++) {
    if ((r & (STEP - 1)) === STEP - 1) yield;
    const key = r < sortedNumbers.length ? sortedNumbers[r]! : sortedTexts[r - sortedNumbers.length]!;
    valueRank[idOf.get(key)!] = r;
  }
  for (let j = 0; j < d; j++) {
    if ((j & (STEP - 1)) === STEP - 1) yield;
    if (same[j] !== j) valueRank[j] = valueRank[same[j]!]!;
  }
  const ranks = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const id = ids[i]!;
    ranks[i] = id < 0 ? distinct : valueRank[id]!;
  }
  return { ranks, distinct };
}

/**
 * The rows' places by their ranks, ascending or descending, empty values last either way: a counting sort over
 * typed arrays, linear and stable (equal values keep the list's order both ways).
 */
function* placeSteps({ ranks, distinct }: Ranks, desc: boolean): Steps<Uint32Array> {
  const n = ranks.length;
  const at = (r: number) => (desc && r < distinct ? distinct - 1 - r : r);
  const starts = new Uint32Array(distinct + 2);
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const r = at(ranks[i]!);
    starts[r + 1] = starts[r + 1]! + 1;
  }
  for (let r = 1; r < starts.length; r++) starts[r] = starts[r]! + starts[r - 1]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const r = at(ranks[i]!);
    order[starts[r]!] = i;
    starts[r] = starts[r]! + 1;
  }
  return order;
}

/** `values` (distinct) sorted: runs of RUN sorted by `sortRun` (natively), then merged pairwise, yielding as it goes. */
function* sortedInRuns<A extends Float64Array | string[]>(values: A, sortRun: (run: A) => A) {
  const n = values.length;
  let src = values;
  for (let at = 0; at < n; at += RUN) {
    const run = sortRun(values.slice(at, at + RUN) as A);
    for (let i = 0; i < run.length; i++) src[at + i] = run[i]!;
    yield;
  }
  let dst = values.slice() as A;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let a = lo;
      let b = mid;
      for (let k = lo; k < hi; k++) {
        if ((k & (STEP - 1)) === STEP - 1) yield;
        // Distinct values: never equal, so the merge needs no tie rule.
        dst[k] = b >= hi || (a < mid && src[a]! < src[b]!) ? src[a++]! : src[b++]!;
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/**
 * The order of the rows by the column: their places, sorted; equal values keep the list's order (a stable sort, both
 * ways), and an empty value comes last either way. Null: the list's own order. In one go: see `sortOrderInSlices`
 * for lists long enough that this would be a long task.
 */
export function sortOrder<T>(
  rows: readonly T[],
  sortValue: ((row: T) => SortValue) | undefined,
  desc: boolean,
): Uint32Array | null {
  return sortValue ? runSteps(sortSteps(rows, sortValue, desc)) : null;
}

/**
 * The same order as `sortOrder`, computed in slices of about `sliceMs` with the browser free between them (a
 * header click on 200,000 rows is no long task). Resolves null if `alive` turns false meanwhile.
 */
export async function sortOrderInSlices<T>(
  rows: readonly T[],
  sortValue: (row: T) => SortValue,
  desc: boolean,
  alive: () => boolean,
  sliceMs = 10,
): Promise<Uint32Array | null> {
  return runInSlices(sortSteps(rows, sortValue, desc), alive, { sliceMs });
}

import { runInSlices, runSteps, type Steps } from '@/app/lib/slices';

/** What a column is sorted by: a number, or a text compared without case; null sorts last either way. */
export type SortValue = string | number | null;

/** Work between two checks of the clock: small enough that a slice never runs long past its budget. */
const STEP = 4096;
/** Distinct values sorted natively in runs of this many, then merged. */
const RUN = 8192;

/**
 * The steps of a sort (see `sortOrder`), yielding every STEP rows or values so that a caller can pause between
 * them. Nothing compares two rows: each row's value is read once, the distinct values are sorted (natively in
 * runs, then merged: numbers as numbers, texts lower-cased by code unit, the order `Array.prototype.sort` gives),
 * and the rows are placed by their value's rank with a counting sort, which keeps equal values in the list's order.
 */
function* sortSteps<T>(rows: readonly T[], sortValue: (row: T) => SortValue, desc: boolean): Steps<Uint32Array> {
  const n = rows.length;
  const keys = new Array<number | string | null>(n);
  const numbers = new Set<number>();
  const texts = new Set<string>();
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const v = sortValue(rows[i]!);
    if (typeof v === 'string') texts.add((keys[i] = v.toLowerCase()));
    else if (typeof v === 'number' && !Number.isNaN(v)) numbers.add((keys[i] = v));
    else keys[i] = null;
  }
  // A column holds one kind of value; were there both, numbers would come before texts.
  const sortedNumbers: number[] = Array.from(yield* sortedInRuns(Float64Array.from(numbers), (a) => a.sort()));
  const sortedTexts = yield* sortedInRuns([...texts], (a) => a.sort());
  const ordered: (number | string)[] = [...sortedNumbers, ...sortedTexts];
  const distinct = ordered.length;
  const rank = new Map<number | string, number>();
  for (let r = 0; r < distinct; r++) {
    if ((r & (STEP - 1)) === STEP - 1) yield;
    rank.set(ordered[r]!, desc ? distinct - 1 - r : r);
  }
  // Each row's rank (empty values after every value), then a counting sort: stable, and linear in the rows.
  const ranks = new Uint32Array(n);
  const starts = new Uint32Array(distinct + 2);
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const key = keys[i];
    const r = key === null || key === undefined ? distinct : rank.get(key)!;
    ranks[i] = r;
    starts[r + 1] = starts[r + 1]! + 1;
  }
  for (let r = 1; r < starts.length; r++) starts[r] = starts[r]! + starts[r - 1]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & (STEP - 1)) === STEP - 1) yield;
    const r = ranks[i]!;
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
  return runInSlices(sortSteps(rows, sortValue, desc), alive, sliceMs);
}

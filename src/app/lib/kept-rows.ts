/** The last result of `keptRows` for each `keep` function: the list it filtered and the rows it kept. */
const last = new WeakMap<(row: never) => boolean, { list: readonly unknown[]; kept: readonly unknown[] }>();

/**
 * `list.filter(keep)`, in step with a list that changes a few rows at a time (an Approve replaces one row of
 * 200,000): when the list has the same length as the one `keep` filtered last, the rows that are the same objects
 * keep their verdict, so `keep` reads only the rows that changed (as they were and as they are). The kept array itself stays the same when none of
 * its rows changed (a change in another batch), so a screen showing it does not render again.
 */
export function keptRows<T>(list: readonly T[], keep: (row: T) => boolean): readonly T[] {
  const before = last.get(keep) as { list: readonly T[]; kept: readonly T[] } | undefined;
  let kept: readonly T[];
  if (before?.list === list) return before.kept;
  if (before && before.list.length === list.length) kept = update(before.list, before.kept, list, keep);
  else kept = list.filter(keep);
  last.set(keep, { list, kept });
  return kept;
}

/** More changed rows than this (a bulk write) and the list is filtered again. */
const FEW = 64;

/**
 * The kept rows of `list`, from `prev` (same length) and the rows kept of it: the places whose rows changed are
 * found by comparing the arrays (no row is read), and a changed row that stays kept takes its place in a copy.
 * A row that joins or leaves the kept ones, or many changes, filter the list again.
 */
function update<T>(prev: readonly T[], prevKept: readonly T[], list: readonly T[], keep: (row: T) => boolean) {
  const changed: number[] = [];
  for (let i = 0; i < list.length; i++) if (list[i] !== prev[i] && changed.push(i) > FEW) return list.filter(keep);
  let next: T[] | null = null;
  for (const i of changed) {
    const was = keep(prev[i]!);
    const is = keep(list[i]!);
    if (!was && !is) continue;
    if (was !== is) return list.filter(keep);
    (next ??= prevKept.slice())[prevKept.indexOf(prev[i]!)] = list[i]!;
  }
  return next ?? prevKept;
}

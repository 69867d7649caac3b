/** The last result of `keptRows` for each `keep` function: the list it filtered and the rows it kept. */
const last = new WeakMap<(row: never) => boolean, { list: readonly unknown[]; kept: readonly unknown[] }>();

/**
 * `list.filter(keep)`, in step with a list that changes a few rows at a time (an Approve replaces one row of
 * 200,000): when the list has the same length as the one `keep` filtered last, the rows that are the same objects
 * keep their verdict, so `keep` reads only the rows that changed. The kept array itself stays the same when none of
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

/** The kept rows of `list`, walking it beside `prev` (same length) and the rows kept of it. */
function update<T>(prev: readonly T[], prevKept: readonly T[], list: readonly T[], keep: (row: T) => boolean) {
  const kept: T[] = [];
  let changed = false;
  let j = 0;
  for (let i = 0; i < list.length; i++) {
    const was = prev[i]!;
    const wasKept = prevKept[j] === was;
    if (wasKept) j++;
    const row = list[i]!;
    if (row === was) {
      if (wasKept) kept.push(row);
      continue;
    }
    const isKept = keep(row);
    if (isKept) kept.push(row);
    changed ||= isKept || wasKept;
  }
  return changed ? kept : prevKept;
}

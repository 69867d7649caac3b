/**
 * `npm run bench:table`: what the list screens do with 200,000 rows (BENCH_ROWS), in Node: the sort behind a
 * header click (by a text column of few values, by one whose every value differs, and by a number column; in one
 * go, and in slices as the screens sort a long list, with the longest slice; and a second click on the same
 * column, which reuses what the first computed where the code keeps it), the search index, and the filter a
 * keystroke runs (a search, a status, both). The median and the worst of BENCH_RUNS runs (5) of each, with the
 * samples beside them.
 * Numbers are printed, never asserted; the browser adds its render on top (the table shows ~20 rows).
 */
import { buildIndex, filterRows } from '@/app/components/ui/list-filters';
import { sortOrder, sortOrderInSlices } from '@/app/components/ui/sort-order';
import { median, ms } from './numbers';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Row {
  name: string;
  email: string;
  course: string;
  amount: number | null;
  isVerified: boolean;
}

const FIRST = ['Ann', 'José', 'Priya', 'Zoe', 'Ben', 'Chloé', 'Meera', 'Liam', 'Noor', 'Kenji'];
const LAST = ['Lee', 'Álvarez', 'Nair', 'Park', 'Ode', 'Roy', 'Singh', 'Smith', 'Haddad', 'Sato'];
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => {
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}${i}@example.com`,
    course: pick(['Full-Stack Web Development', 'Data Science with Python', 'UI/UX Design Fundamentals']),
    amount: random() < 0.1 ? null : Math.round(random() * 50_000) / 100,
    isVerified: random() < 0.8,
  };
});

function time(label: string, run: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  console.log(
    `${label.padEnd(44)} ${ms(median(samples)).padStart(7)}   worst ${ms(Math.max(...samples))}   (${samples.map(Math.round).join(', ')})`,
  );
}

console.log(`${ROWS.toLocaleString('en-US')} rows, median of ${RUNS} runs (samples in ms)`);
time('sort by name (text, a header click)', () => sortOrder(rows, (r: Row) => r.name, false));
time('sort by email (every text differs)', () => sortOrder(rows, (r: Row) => r.email, false));
time('sort by amount (number, a header click)', () => sortOrder(rows, (r: Row) => r.amount, true));
/** A header click on a long list (the screens sort it in slices): the whole sort, and its longest slice. */
async function sliced(label: string, sortValue: (r: Row) => string | number | null) {
  const total: number[] = [];
  const longest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let longestSlice = 0;
    let sliceStart = performance.now();
    const start = sliceStart;
    // alive() is asked at the start of each slice after the first: the time since the last is that slice and the
    // one task's wait between them.
    // A new column function each run: nothing kept from the last run is reused.
    await sortOrderInSlices(
      rows,
      (r) => sortValue(r),
      false,
      () => {
        const now = performance.now();
        longestSlice = Math.max(longestSlice, now - sliceStart);
        sliceStart = now;
        return true;
      },
    );
    longestSlice = Math.max(longestSlice, performance.now() - sliceStart);
    total.push(performance.now() - start);
    longest.push(longestSlice);
  }
  console.log(
    `${label.padEnd(44)} ${ms(median(total)).padStart(7)}   worst ${ms(Math.max(...total))}   longest slice ${ms(median(longest))} median, ${ms(Math.max(...longest))} max`,
  );
}
await sliced('sort by name in slices (the screens, ≥ 20,000)', (r) => r.name);
await sliced('sort by email in slices', (r) => r.email);
await sliced('sort by amount in slices', (r) => r.amount);
const byEmail = (r: Row) => r.email;
sortOrder(rows, byEmail, false);
time('sort by email again, descending (2nd click)', () => sortOrder(rows, byEmail, true));
const text = (r: Row) => `${r.name}\n${r.email}\n${r.course}`;
time('search index (once per list)', () => buildIndex(rows, text));
const index = buildIndex(rows, text);
const pending = (r: Row) => !r.isVerified;
time('filter: search "priya" (a keystroke)', () => filterRows(rows, index, 'priya', null));
time('filter: status Pending', () => filterRows(rows, index, '', pending));
time('filter: search "example.com" + Pending', () => filterRows(rows, index, 'example.com', pending));
const byName = sortOrder(rows, (r: Row) => r.name, false);
time('filter: search "priya", sorted by name', () => filterRows(rows, index, 'priya', null, byName));
time('sorted by name, no filter (the rows shown)', () => filterRows(rows, index, '', null, byName));

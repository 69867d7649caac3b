/** The sync's lists and their order, apart from the zod schemas: the PWA's first screen loads these, not zod. */

/**
 * The PWA's delta sync (docs/sync.md). Bump SYNC_SCHEMA whenever a row's wire shape or the cursor changes:
 * every cursor issued before then starts a full sync. 4: the activity list is a window of the log (devices
 * holding older entries drop them in that full sync). 5: a full sync's cursor holds a position per list (`first`).
 */
export const SYNC_SCHEMA = 5;

/** The lists, in the order a full sync sends them (small and referenced ones first). */
export const SYNC_LISTS = ['users', 'courses', 'batches', 'services', 'enrollments', 'activity'] as const;
export type SyncList = (typeof SYNC_LISTS)[number];

/** The lists whose rows embed a user (as the GET routes send them). */
export const EMBEDS_USERS: ReadonlySet<SyncList> = new Set(['enrollments', 'services']);

/**
 * The order a full-sync page fills in: `first` (until it is whole), then the others in SYNC_LISTS order; the users
 * before a `first` that embeds them, so that a device holds and stores each user once, not once per row that
 * embeds it (docs/sync.md, "Memory"). The server pages in this order; the client reads from it which lists a page
 * has moved past (whole).
 */
export const fillOrder = (first: SyncList | undefined): readonly SyncList[] => {
  if (!first) return SYNC_LISTS;
  const lead: SyncList[] = EMBEDS_USERS.has(first) ? ['users', first] : [first];
  return [...lead, ...SYNC_LISTS.filter((l) => !lead.includes(l))];
};

/**
 * The order the screens show each list in (newest first: by createdAt, then _id, both descending), which is
 * also the order a full sync sends its rows in, so the device stores them as they are shown.
 */
export const SYNC_ORDER = {
  users: 'newestFirst',
  courses: 'oldestFirst',
  batches: 'newestFirst',
  services: 'newestFirst',
  enrollments: 'newestFirst',
  activity: 'newestFirst',
} as const satisfies Record<SyncList, 'newestFirst' | 'oldestFirst'>;

/** Rows per page: the default, and the most `?limit=` may ask for. */
export const SYNC_PAGE = { default: 2000, max: 5000 } as const;

/**
 * A reply header that repeats the body's cursor when more pages follow: the client asks for the next page as
 * soon as this one's headers arrive, while its body still comes and is read.
 */
export const SYNC_NEXT_HEADER = 'sync-next';

// The route's half of a list's URL state: no UI here, so route definitions (in the first load) stay small.

/** A list screen's search, status filter and sort as its URL holds them: `?q=ann&status=pending&sort=-amount`. */
export interface ListSearch {
  q?: string;
  status?: string;
  sort?: string;
}

/** The route's search: only a status the screen offers is kept (a hand-edited or old link shows everything). */
export const validateListSearch =
  (statuses: readonly string[]) =>
  (search: Record<string, unknown>): ListSearch => {
    const out: ListSearch = {};
    // The router JSON-parses search values, so ?q=42 arrives as a number.
    const q = typeof search.q === 'number' ? String(search.q) : search.q;
    if (typeof q === 'string' && q !== '') out.q = q;
    if (typeof search.status === 'string' && statuses.includes(search.status)) out.status = search.status;
    if (typeof search.sort === 'string' && search.sort !== '') out.sort = search.sort;
    return out;
  };

/** "1 enrollment", "37 enrollments": the count and the noun that agrees with it. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "50,000 users", or "1,200 of 50,000 users" while a search or filter shows only some of them. */
export const pluralShown = (shown: number, total: number, one: string, many = `${one}s`) =>
  shown === total ? plural(total, one, many) : `${shown.toLocaleString('en-US')} of ${plural(total, one, many)}`;

/** "1 enrollment", "37 enrollments": the count and the noun that agrees with it. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How the benchmarks print what they measured. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
export const ms = (n: number) => `${Math.round(n)} ms`;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

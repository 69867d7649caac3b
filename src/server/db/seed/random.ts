/**
 * A tiny seeded PRNG (mulberry32) so the demo business is the same on every machine and run.
 * Not for anything secret.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars(length, '0123456789');
  }

  /** A well-formed v4 UUID from the stream: seeded rows get stable ids, so links need no round trip. */
  uuid(): string {
    const hex = this.chars(32, '0123456789abcdef').split('');
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(this.next() * 4)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

const DAY_MS = 86_400_000;

/** The fixed "today" of the demo, so relative dates do not drift with the clock. */
export const REFERENCE_DATE = Date.UTC(2026, 10, 1, 9, 0, 0);

export const daysBefore = (ref: number, days: number) => ref - days * DAY_MS;
export const addHours = (ms: number, hours: number) => ms + hours * 3_600_000;
export const addDays = (ms: number, days: number) => ms + days * DAY_MS;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A moment between `from` and `to`, in business hours (08:00-21:59 UTC) so timestamps look human. */
export function momentBetween(rng: Random, from: number, to: number): number {
  const day = Math.floor(from / DAY_MS) + Math.floor(rng.next() * Math.max(1, Math.floor((to - from) / DAY_MS)));
  const ms =
    day * DAY_MS + rng.int(8, 21) * 3_600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000 + rng.int(0, 999);
  return Math.min(Math.max(ms, from), to);
}

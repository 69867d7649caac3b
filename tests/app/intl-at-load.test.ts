import { afterEach, expect, it, vi } from 'vitest';

/**
 * The first Intl object of a page loads ICU's locale data, one task of 40 to 150 ms: the warm-up worker
 * (src/app/lib/intl-warmup.ts) pays it off the main thread, so no module may make one while the bundle loads.
 */
const modules = import.meta.glob([
  '/src/app/**/*.{ts,tsx}',
  '/src/shared/**/*.ts',
  // The start-up (it renders) and the workers, which run off the main thread.
  '!/src/app/main.tsx',
  '!**/*worker*',
  // The server's OpenAPI document: not in the app's bundle.
  '!/src/shared/api-contract.ts',
]);

afterEach(() => vi.restoreAllMocks());

it('no module of the app formats with Intl while it loads', async () => {
  vi.resetModules();
  const calls: string[] = [];
  const watch = <T extends object>(owner: T, name: keyof T & string, label: string) => {
    const original = owner[name] as (...args: unknown[]) => unknown;
    vi.spyOn(owner, name as never).mockImplementation(function (this: unknown, ...args: unknown[]) {
      const caller = new Error().stack?.split('\n')[3]?.trim() ?? '';
      // Only the app's own modules: the bundle leaves out the library modules that make one (Mantine's RollingNumber).
      if (caller.includes('/src/')) calls.push(`${label} ${caller}`);
      return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
    } as never);
  };
  watch(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat');
  watch(Intl, 'NumberFormat', 'Intl.NumberFormat');
  watch(Number.prototype, 'toLocaleString', 'toLocaleString');
  watch(Date.prototype, 'toLocaleString', 'toLocaleString');
  for (const load of Object.values(modules)) await load();
  expect(Object.keys(modules).length).toBeGreaterThan(200);
  expect(calls).toEqual([]);
});

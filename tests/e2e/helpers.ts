import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO = { email: 'admin@coursedesk.dev', password: 'coursedesk-demo' };

/** Logs in through the real form and waits for the post-login loader to finish. */
export async function login(page: Page, target = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The login screen is a <main> too: wait until the app has left it.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('main')).toBeVisible();
}

/** Accepts the sweetalert2 dialog with the given button text. */
export async function confirmSwal(page: Page, button: string) {
  const dialog = page.locator('.swal2-popup');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
}

/** Waits until the service worker controls the page (a first visit installs it; one reload hands over control). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  }
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** One entry of an IndexedDB object store, with the database it is in. */
export interface IdbEntry {
  db: string;
  key: IDBValidKey;
  value: unknown;
}

/** Every entry of `store` in each IndexedDB database of the page whose name starts with `prefix`. */
export const idbEntries = (page: Page, prefix: string, store: string): Promise<IdbEntry[]> =>
  page.evaluate(
    async ({ prefix, store }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const entries: IdbEntry[] = [];
      for (const { name } of await indexedDB.databases()) {
        if (!name?.startsWith(prefix)) continue;
        const db = await request(indexedDB.open(name));
        if (db.objectStoreNames.contains(store)) {
          const objects = db.transaction(store).objectStore(store);
          const [keys, values] = await Promise.all([request(objects.getAllKeys()), request(objects.getAll())]);
          keys.forEach((key, i) => entries.push({ db: name, key, value: values[i] }));
        }
        db.close();
      }
      return entries;
    },
    { prefix, store },
  );

/** A device copy's store: the chunks (keys [generation, list, chunk], their texts) and the sync state (key 'state'). */
export interface StoredCopy {
  state: { gen: number; complete: boolean } | undefined;
  chunks: { list: string; text: string }[];
}

/** Each admin's device copy in IndexedDB, its chunks those of the current generation. */
export async function storedCopies(page: Page): Promise<StoredCopy[]> {
  const byDb = new Map<string, IdbEntry[]>();
  for (const entry of await idbEntries(page, 'coursedesk-copy-', 'copy'))
    byDb.set(entry.db, [...(byDb.get(entry.db) ?? []), entry]);
  return [...byDb.values()].map((entries) => {
    const state = entries.find((e) => e.key === 'state')?.value as StoredCopy['state'];
    const chunks = entries
      .filter((e) => Array.isArray(e.key) && e.key[0] === state?.gen)
      .map((e) => ({ list: (e.key as [number, string, number])[1], text: e.value as string }));
    return { state, chunks };
  });
}

/**
 * The device copy in IndexedDB, over every admin: how many lists hold stored rows in a copy whose sync has
 * finished (0 when there is none, or it is not whole yet).
 */
export const deviceCopyLists = async (page: Page) =>
  (await storedCopies(page))
    .filter((copy) => copy.state?.complete)
    .reduce((lists, copy) => lists + new Set(copy.chunks.map((c) => c.list)).size, 0);

/** Fills a form's fields by their labels, in the order given. */
export async function fillByLabel(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
}

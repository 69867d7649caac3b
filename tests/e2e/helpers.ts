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

/**
 * The device copy in IndexedDB, over every admin: how many lists hold stored rows in a copy whose sync has
 * finished (0 when there is none, or it is not whole yet).
 */
export const deviceCopyLists = (page: Page) =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    let lists = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('coursedesk-copy-')) continue;
      const open = indexedDB.open(name);
      const db = await request(open);
      if (!db.objectStoreNames.contains('copy')) {
        db.close();
        continue;
      }
      // One store: the chunks (keys [generation, list, chunk]) and the sync state (key 'state').
      const store = db.transaction('copy').objectStore('copy');
      const meta = (await request(store.get('state'))) as { gen: number; complete: boolean } | undefined;
      const keys = (await request(store.getAllKeys(IDBKeyRange.lowerBound([])))) as [number, string, number][];
      db.close();
      if (meta?.complete) lists += new Set(keys.filter((k) => k[0] === meta.gen).map((k) => k[1])).size;
    }
    return lists;
  });

/** Fills a form's fields by their labels, in the order given. */
export async function fillByLabel(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
}

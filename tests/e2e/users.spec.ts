import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { User } from '@/shared/schemas';
import { confirmSwal, DEMO, login } from './helpers';

/** The demo users as the server lists them (newest first), read with the page's own session. */
async function demoUsers(page: Page): Promise<User[]> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { users: User[] }).users;
}

const rows = (page: Page) => page.locator('tbody tr[data-index]');

test('lists the users; the search filters by name or email and survives a reload', async ({ page }) => {
  await login(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  const users = await demoUsers(page);
  await expect(page.getByText(`${users.length} users`, { exact: true })).toBeVisible();
  await expect(rows(page).first()).toContainText(users[0]!.name);

  const target = users.find((u) => u.email !== DEMO.email)!;
  const search = page.getByPlaceholder('Search by Name or Email');
  const needle = target.email.split('@')[0]!.toUpperCase();
  await search.fill(needle);
  const expected = users.filter((u) => `${u.name}\n${u.email}`.toLowerCase().includes(needle.toLowerCase()));
  await expect(rows(page)).toHaveCount(expected.length);
  await expect(page.getByRole('row', { name: `Open user ${target.name}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(needle)}`));

  await page.reload();
  await expect(search).toHaveValue(needle);
  await expect(rows(page)).toHaveCount(expected.length);

  await search.fill('no such person anywhere');
  await expect(page.getByText('No users found.')).toBeVisible();
});

test('a row click opens the profile with the user details', async ({ page }) => {
  await login(page, '/users');
  const users = await demoUsers(page);
  const u = users.find((x) => x.occupation && x.age && x.email !== DEMO.email)!;
  await page.getByPlaceholder('Search by Name or Email').fill(u.email);
  await page.getByRole('row', { name: `Open user ${u.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${u._id}$`));
  await expect(page.getByRole('heading', { name: u.name })).toBeVisible();
  await expect(page.getByText(u.occupation!, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: u.email })).toBeVisible();
  await expect(page.getByText(u.isVerified ? 'Verified' : 'Not Verified', { exact: true })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Age' }).locator('+ dd')).toHaveText(String(u.age));
  await expect(page.locator('dt', { hasText: 'Account Created' }).locator('+ dd')).toHaveText(
    new Date(u.createdAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
  );
});

test('Ctrl+click on a row opens the profile in a new tab, signed in, and the list stays', async ({ page }) => {
  await login(page, '/users');
  const u = (await demoUsers(page)).find((x) => x.email !== DEMO.email)!;
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('row', { name: `Open user ${u.name}` }).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/users/${u._id}$`));
  await expect(tab.getByRole('heading', { name: u.name })).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
});

test('deletes a user after the confirm, with the notice, and the server forgets them', async ({ page }) => {
  await login(page, '/users');
  const users = await demoUsers(page);
  const victim = users.filter((u) => u.email !== DEMO.email).at(-1)!;
  await page.getByPlaceholder('Search by Name or Email').fill(victim.email);
  await page.getByRole('button', { name: `Delete user ${victim.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await confirmSwal(page, 'Yes, delete it!');
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page.locator('.swal2-html-container')).toHaveText('The user has been deleted.');
  await expect(page.getByText('No users found.')).toBeVisible();
  expect((await demoUsers(page)).some((u) => u._id === victim._id)).toBe(false);
});

test('Download Users saves Users.csv and one user saves their own file', async ({ page }) => {
  await login(page, '/users');
  const users = await demoUsers(page);

  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Users' }).click(),
  ]);
  expect(all.suggestedFilename()).toBe('Users.csv');
  const text = await fs.readFile((await all.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(lines[0]).toBe('Name,Email,Verified,Age,Occupation,Contact No,Interest,Past Experience,Account Created');
  expect(lines).toHaveLength(users.length + 1);
  expect(lines[1]).toContain(`${users[0]!.email},${users[0]!.isVerified ? 'Yes' : 'No'},`);
  expect(lines[1]).toMatch(/"\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)"$/);

  const one = users.find((u) => [...u.name].some((c) => c.charCodeAt(0) > 0x7f)) ?? users[1]!;
  await page.getByPlaceholder('Search by Name or Email').fill(one.email);
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download user ${one.name}` }).click(),
  ]);
  // 'User : {name}.csv' with its colon as ꞉ (U+A789): a ':' Chromium would save as '_'.
  expect(single.suggestedFilename()).toBe(`User \uA789 ${one.name}.csv`);
  const oneLines = (await fs.readFile((await single.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(oneLines).toHaveLength(2);
  expect(oneLines[1]!.startsWith(`${one.name},${one.email},`)).toBe(true);
});

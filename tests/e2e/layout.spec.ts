import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Course, Service } from '@/shared/schemas';
import { login } from './helpers';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

const box = async (locator: Locator) => (await locator.boundingBox())!;
const PHONE = { width: 390, height: 844 };

test('on a phone a course opens at its tab: in view, highlighted, and not pushed below the fold', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, '/courses');
  const { data: courses } = await api<{ data: Course[] }>(page, '/courses');
  await page.goto(`/courses/${courses[0]!._id}?tab=learn`);
  const learn = page.getByRole('tab', { name: 'Learn' });
  await expect(learn).toHaveAttribute('aria-selected', 'true');
  // The row of tabs has scrolled to Learn, the last of seven: all of it on screen.
  await expect.poll(async () => (await box(learn)).x + (await box(learn)).width).toBeLessThanOrEqual(PHONE.width);
  expect((await box(learn)).x).toBeGreaterThanOrEqual(0);
  // Highlighted: its underline has the primary colour, the others none.
  const underline = (tab: Locator) => tab.evaluate((el) => getComputedStyle(el).borderBottomColor);
  expect(await underline(learn)).not.toBe(await underline(page.getByRole('tab', { name: 'Reviews' })));
  // The header card is one row (thumbnail, title, price) over Card details and Edit card: the tab's content starts
  // in the top 320 px of the screen (a full width 16:9 banner above the title put it below 700 px, then a
  // thumbnail with the rating, description and notes below it at about 512 px).
  const panel = page.getByRole('tabpanel', { name: 'Learn' });
  await expect(panel.getByRole('textbox', { name: 'Learning point 1' })).toBeVisible();
  expect((await box(panel)).y).toBeLessThanOrEqual(320);
  // What the row leaves out is one tap away.
  const banner = page.locator('.mantine-Paper-root', { has: page.getByRole('heading', { level: 1 }) });
  const details = banner.getByRole('button', { name: 'Card details' });
  const description = banner.getByText(courses[0]!.cardData.description);
  await expect(description).toBeHidden();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(description).toBeVisible();
  await expect(banner.getByText('The course list and the public catalogue show this card.')).toBeVisible();
});

test("a service's square picture is shown whole, at 1366 and 390 px", async ({ page }) => {
  await login(page, '/services');
  const { data: services } = await api<{ data: Service[] }>(page, '/services');
  await page.goto(`/services/${services[0]!._id}`);
  for (const size of [{ width: 1366, height: 768 }, PHONE]) {
    await page.setViewportSize(size);
    const picture = page.getByRole('img', { name: services[0]!.serviceDetails.title });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The box keeps the picture's own proportions, so nothing of it is cut off.
    const shown = await picture.evaluate((img: HTMLImageElement) => ({
      box: img.clientWidth / img.clientHeight,
      picture: img.naturalWidth / img.naturalHeight,
    }));
    expect(Math.abs(shown.box - shown.picture), `${size.width} px`).toBeLessThan(0.02);
  }
});

test('a one-line learning point takes one line, its icon beside the text', async ({ page }) => {
  await login(page, '/courses');
  const { data: courses } = await api<{ data: Course[] }>(page, '/courses');
  await page.goto(`/courses/${courses[0]!._id}?tab=learn`);
  const point = page.getByRole('textbox', { name: 'Learning point 1' });
  await expect(point).toBeVisible();
  const field = await box(point);
  expect(field.height).toBeLessThan(48);
  const icon = await box(point.locator('xpath=..').locator('svg').first());
  // The icon's middle lies on the first line of text.
  expect(Math.abs(icon.y + icon.height / 2 - (field.y + field.height / 2))).toBeLessThan(4);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the confirm dialog looks like Mantine's modals in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/courses');
    // A Mantine modal to compare with.
    await page.getByRole('button', { name: 'Add Course' }).click();
    const modal = page.locator('.mantine-Modal-content');
    await expect(modal).toBeVisible();
    const look = (el: Locator) =>
      el.evaluate((node) => {
        const s = getComputedStyle(node);
        return { font: s.fontFamily, radius: s.borderTopLeftRadius, background: s.backgroundColor, color: s.color };
      });
    const mantine = await look(modal);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const popup = page.locator('.swal2-popup');
    await expect(popup).toBeVisible();
    expect(await look(popup)).toEqual({ ...mantine, color: expect.any(String) });
    const cancel = popup.getByRole('button', { name: 'Cancel' });
    const confirm = popup.getByRole('button', { name: 'Yes, delete it!' });
    const button = (el: Locator) =>
      el.evaluate((node) => {
        const s = getComputedStyle(node);
        return { radius: s.borderTopLeftRadius, font: s.fontFamily, height: s.height };
      });
    expect(await button(confirm)).toEqual({ radius: mantine.radius, font: mantine.font, height: '36px' });
    expect(await button(cancel)).toEqual({ radius: mantine.radius, font: mantine.font, height: '36px' });
    // Mantine's focus ring on the focused button, by keyboard.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(cancel).toBeFocused();
    expect(await cancel.evaluate((el) => getComputedStyle(el).outlineWidth)).toBe('2px');
    await cancel.click();
    await expect(popup).toBeHidden();
  });
}

test("the demo's past is in Activity: a purchase deleted weeks before the demo day", async ({ page }) => {
  await login(page, '/activity?kind=service&action=delete');
  await expect(page.getByText(/^Deleted service purchase: /).first()).toBeVisible();
});

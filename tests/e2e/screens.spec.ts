import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './helpers';

/** No screen scrolls sideways: the page is never wider than the window. */
const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

test('"Skip to content" is the first Tab stop, on the login and on every screen, and moves focus to the content', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('Enter your email')).toBeVisible();
  // From the start of the page, whatever has the focus now.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await login(page, '/users');
  // A fresh load of a screen, as a keyboard user arrives on it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the password show/hide toggle is reachable with Tab and says what it does', async ({ page }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByPlaceholder('Enter your password').focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('Enter your password')).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open sidebar is a 16rem drawer: Escape closes it, focus stays inside, any link closes it', async ({
    page,
  }) => {
    await login(page, '/courses');
    const nav = page.locator('nav[aria-label="Main"]');
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.click();
    await expect(nav).toBeInViewport();
    // 16rem, not the whole screen.
    expect((await page.locator('.mantine-AppShell-navbar').boundingBox())?.width).toBeCloseTo(256, 0);
    // Focus moves in and stays in: many Tabs never leave the drawer.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const inside = await page
        .locator('.mantine-AppShell-navbar')
        .evaluate((el) => el.contains(document.activeElement));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(nav).not.toBeInViewport();
    // The current page's own link closes it too.
    await open.click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Courses' }).click();
    await expect(nav).not.toBeInViewport();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('a focused phone card draws its focus ring inside, where the scrolling list cannot clip it', async ({
    page,
  }) => {
    await login(page, '/users');
    const card = page.locator('[aria-label^="Open user"]').first();
    await page.keyboard.press('Tab'); // keyboard use, so the focus ring shows (:focus-visible)
    await card.focus();
    const ring = await card.evaluate((el) => {
      const style = getComputedStyle(el.firstElementChild as Element);
      return { width: style.outlineWidth, offset: style.outlineOffset };
    });
    expect(ring).toEqual({ width: '2px', offset: '-2px' });
  });
});

test.describe('a long unbroken word', () => {
  for (const width of [1366, 390]) {
    test(`never makes a screen scroll sideways at ${width}px`, async ({ page, request }) => {
      const word = `${'x'.repeat(185)}${width}`;
      await page.setViewportSize({ width, height: 900 });
      const signIn = await request.post('/api/users/login-admin', { data: DEMO });
      const token = (await signIn.json()).data.authToken as string;
      const headers = { authorization: `Bearer ${token}` };
      const card = {
        image: '/images/courses/x.svg',
        title: word,
        description: `${word} ${word}`,
        rating: 4,
        reviews: 1,
        price: 1,
      };
      const course = (await (await request.post('/api/courses/card', { headers, data: card })).json()).data;
      await request.post('/api/courses/faq/add', {
        headers,
        data: { courseId: course._id, question: word, answer: word },
      });
      const users = (await (await request.get('/api/users', { headers })).json()).users;
      const batches = (await (await request.get('/api/batches', { headers })).json()).batches;
      const enrollment = (
        await (
          await request.post('/api/enrollment/enroll', {
            headers,
            data: {
              userId: users[1]._id,
              courseId: course._id,
              batchId: batches[0]._id,
              amount: 1,
              currency: 'USD',
              transactionId: word,
            },
          })
        ).json()
      ).data;
      const service = (
        await (
          await request.post('/api/services', {
            headers,
            data: {
              serviceDetails: { title: word, description: word, image: '/uploads/x.png' },
              userDetails: { name: word, email: 'long@example.com', phone: word },
              amount: 1,
              currency: 'USD',
              transactionId: word,
            },
          })
        ).json()
      ).data;

      await login(page, '/courses');
      for (const path of [
        '/courses',
        `/courses/${course._id}`,
        `/enrollments/batch/${batches[0]._id}`,
        `/enrollments/${enrollment._id}`,
        '/services',
        `/services/${service._id}`,
      ]) {
        await page.goto(path);
        await expect(page.getByText(word).first()).toBeVisible();
        await noSidewaysScroll(page);
      }
      // The other spec files share this server: leave the data as it was.
      await request.delete(`/api/services/${service._id}`, { headers });
      await request.delete(`/api/enrollments/${enrollment._id}`, { headers });
      await request.delete(`/api/courses/${course._id}`, { headers });
    });
  }
});

test('a course card’s Delete reads red in the dark theme as in the light one', async ({ page }) => {
  for (const theme of ['dark', 'light']) {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/courses');
    const color = await page
      .getByRole('button', { name: /^Delete course/ })
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    const [r = 0, g = 0, b = 0] = color.match(/\d+/g)!.map(Number);
    expect(r, `${theme}: ${color}`).toBeGreaterThan(g + 60);
    expect(r, `${theme}: ${color}`).toBeGreaterThan(b + 60);
    await page.evaluate(() => localStorage.clear());
  }
});

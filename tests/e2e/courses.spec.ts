import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEFAULT_COURSE_IMAGE } from '@/shared/constants';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type Course } from '@/shared/schemas';
import { ITEM_FORMS } from '../utils/course-items';
import { COURSE_TAB_NAMES, ITEM_TEXTS, itemName } from '../utils/course-page';
import { confirmSwal, fillByLabel, login } from './helpers';

/** The server's copy of the courses, read with the page's own session: what a reload from the network would show. */
async function serverCourses(page: Page): Promise<Course[]> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get('/api/courses', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Course[] }).data;
}
const serverCourse = async (page: Page, title: string) =>
  (await serverCourses(page)).find((c) => c.cardData.title === title)!;

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
/** A form field by its label; required labels end with an asterisk. */
const field = (scope: Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Opens a demo course from the grid with More Info, then one of its tabs. */
async function openCourse(page: Page, title: string, tab?: string) {
  await login(page, '/courses');
  await card(page, title)
    .getByRole('link', { name: /More Info/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
}

test('the grid shows the demo courses with their pictures, prices and ratings', async ({ page }) => {
  await login(page, '/courses');
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  const courses = await serverCourses(page);
  expect(courses.length).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('article')).toHaveCount(courses.length);
  for (const c of courses) {
    const el = card(page, c.cardData.title);
    await expect(el).toBeVisible();
    await expect(
      el.getByText(`$${c.cardData.price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
    ).toBeVisible();
    await expect(el.getByText(`Rating ${c.cardData.rating.toFixed(1)}`, { exact: true })).toBeVisible();
  }
  const first = card(page, courses[0]!.cardData.title);
  await expect
    .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Descriptions are clamped to two lines.
  const description = first.getByText(courses[0]!.cardData.description);
  const lines = await description.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBeLessThanOrEqual(2);
});

test('adds a course, then deletes it after confirming', async ({ page }) => {
  const title = `E2E Course ${Date.now()}`;
  await login(page, '/courses');
  await page.getByRole('button', { name: '+ Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Course' });
  await dialog.getByLabel('Image').fill('/images/courses/cloud-devops.svg');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('A course made by the end-to-end test.');
  await dialog.getByLabel('Rating').fill('4.3');
  await dialog.getByLabel('Reviews').fill('12');
  await dialog.getByLabel('Price').fill('79.9');
  await dialog.getByRole('button', { name: 'Add Course' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title).getByText('$79.90')).toBeVisible();
  expect((await serverCourse(page, title)).cardData).toMatchObject({ rating: 4.3, reviews: 12, price: 79.9 });

  await card(page, title)
    .getByRole('button', { name: `Delete course ${title}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await confirmSwal(page, 'Yes, delete it!');
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page.getByText('Your course has been deleted.')).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect(await serverCourse(page, title)).toBeUndefined();
});

test('a new course needs no made-up numbers; its card is edited on the course and the grid and palette follow', async ({
  page,
}) => {
  const title = `E2E Card ${Date.now()}`;
  await login(page, '/courses');
  await page.getByRole('button', { name: '+ Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Course' });
  // Blank picture, rating and reviews: the preview shows the neutral default picture.
  await expect(dialog.getByText('The neutral default picture', { exact: true })).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Brand new.');
  await dialog.getByLabel('Price').fill('50');
  await dialog.getByRole('button', { name: 'Add Course' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, title).getByText('No reviews yet')).toBeVisible();
  await expect
    .poll(() =>
      card(page, title)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  expect((await serverCourse(page, title)).cardData).toMatchObject({
    image: DEFAULT_COURSE_IMAGE,
    rating: 0,
    reviews: 0,
  });

  await card(page, title)
    .getByRole('link', { name: /More Info/ })
    .click();
  await page.getByRole('button', { name: 'Edit card' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Course Card' });
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByLabel('Price').fill('35');
  await edit.getByRole('button', { name: 'Update Card' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `${title} v2` })).toBeVisible();
  await expect(page.getByText(`The course page shows “${title}” at $50.00 (Page Data tab).`)).toBeVisible();
  expect((await serverCourse(page, `${title} v2`)).cardData).toMatchObject({ price: 35 });

  // The palette finds the course by its new title.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: /Search screens/ }) });
  await palette.getByRole('textbox').fill(`${title} v2`);
  await expect(palette.getByRole('button', { name: new RegExp(`${title} v2`) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
  await expect(card(page, `${title} v2`).getByText('$35.00')).toBeVisible();
  await card(page, `${title} v2`)
    .getByRole('button', { name: `Delete course ${title} v2` })
    .click();
  await confirmSwal(page, 'Yes, delete it!');
  await expect(card(page, `${title} v2`)).toHaveCount(0);
});

test('a course opens with its banner and seven tabs; the tab is kept in the URL', async ({ page }) => {
  await openCourse(page, 'Full-Stack Web Development');
  await expect(page.getByRole('tab')).toHaveText(COURSE_TAB_NAMES);
  await expect(page.getByRole('tab', { name: 'Page Data' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\?tab=faq$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
});

for (const kind of COURSE_ITEM_KIND_NAMES) {
  const { tab, noun, deleted } = ITEM_TEXTS[kind];
  const { add, added, edit, edited } = ITEM_FORMS[kind];
  const name = itemName(kind, added);
  // The review is given 4 stars below, instead of the form's 1.
  const saved = kind === 'review' ? { ...added, rating: 4 } : added;

  test(`${tab}: add, edit and delete an item`, async ({ page }) => {
    const course = 'Data Science with Python';
    await openCourse(page, course, tab);
    const items = async () =>
      (await serverCourse(page, course)).pageData[COURSE_ITEM_KINDS[kind].list] as Record<string, unknown>[];
    const before = (await items()).length;

    await page.getByRole('button', { name: `+ Add ${noun}` }).click();
    let dialog = page.getByRole('dialog', { name: `Add ${noun}` });
    await fillByLabel(dialog, add);
    if (kind === 'review') {
      // A star is the label of its radio: click the fourth one.
      const id = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
      await dialog.locator(`label[for="${id}"]`).click();
    }
    await dialog.getByRole('button', { name: `Add ${noun}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    expect(await items()).toHaveLength(before + 1);
    expect((await items()).at(-1)).toMatchObject(saved);

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${noun}` });
    const [firstLabel, firstText] = Object.entries(add)[0]!;
    await expect(field(dialog, firstLabel)).toHaveValue(firstText);
    await fillByLabel(dialog, edit);
    await dialog.getByRole('button', { name: `Update ${noun}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tabpanel').getByText(Object.values(edit)[0]!)).toBeVisible();
    expect((await items()).at(-1)).toMatchObject({ ...saved, ...edited });

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await confirmSwal(page, 'Yes, delete it!');
    await expect(page.getByText(deleted)).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
    expect(await items()).toHaveLength(before);
  });
}

test('Page Data: Update All Data saves the page fields on the server', async ({ page }) => {
  const course = 'Mobile Apps with React Native';
  await openCourse(page, course, 'Page Data');
  const panel = page.getByRole('tabpanel', { name: 'Page Data' });
  await panel.getByLabel('Instructor').fill('E2E Instructor');
  await panel.getByLabel('Discount Price').fill('123.45');
  await panel.getByRole('button', { name: 'Update All Data' }).click();
  await expect(page.getByText('Page data updated.')).toBeVisible();
  const saved = (await serverCourse(page, course)).pageData;
  expect(saved.discountPrice).toBe(123.45);
  expect(saved.courseDetails.instructor).toBe('E2E Instructor');

  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Page Data' }).getByLabel('Instructor')).toHaveValue(
    'E2E Instructor',
  );
});

test('Learn: points are edited as lines and saved with Update', async ({ page }) => {
  const course = 'Cloud & DevOps Engineering';
  await openCourse(page, course, 'Learn');
  const panel = page.getByRole('tabpanel', { name: 'Learn' });
  const before = (await serverCourse(page, course)).pageData.whatYouWillLearn;
  await panel.getByRole('button', { name: 'Add point' }).click();
  await panel
    .getByRole('textbox', { name: `Learning point ${before.length + 1}`, exact: true })
    .fill('E2E learning point');
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Learning points updated.')).toBeVisible();
  expect((await serverCourse(page, course)).pageData.whatYouWillLearn).toEqual([...before, 'E2E learning point']);

  await panel.getByRole('button', { name: `Remove learning point ${before.length + 1}` }).click();
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect.poll(async () => (await serverCourse(page, course)).pageData.whatYouWillLearn).toEqual(before);
});

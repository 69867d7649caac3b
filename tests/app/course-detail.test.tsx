import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS } from '@/shared/schemas';
import { createCourseApi, emptyCourse } from '../mocks/course-api';
import { courses } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { slowListReads } from '../mocks/sync-api';
import { ITEM_FORMS } from '../utils/course-items';
import { COURSE_TAB_NAMES, ITEM_TEXTS, itemName } from '../utils/course-page';
import { renderApp } from '../utils/render';
import {
  alertDialog,
  closeNotice,
  fill,
  fillFields,
  openCourse,
  openPanel,
  submitAdding,
  submitModal,
} from './course-test-utils';
import { allowConsoleError } from './setup';

const fullStack = courses[0]!;
const { syllabus } = fullStack.pageData;

afterEach(() => onlineManager.setOnline(true));

describe('course detail', () => {
  it('shows the banner (image, title, rating, reviews, description) and exactly seven tabs, Page Data first', async () => {
    await openCourse();
    expect(screen.getByRole('heading', { level: 1, name: 'Full-Stack Web Development' })).toBeInTheDocument();
    expect(document.querySelector('main img')).toHaveAttribute('src', fullStack.cardData.image);
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(screen.getByText('(128 reviews)')).toBeInTheDocument();
    expect(screen.getByText(fullStack.cardData.description)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(COURSE_TAB_NAMES);
    expect(screen.getByRole('tab', { name: 'Page Data' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('on a phone the rating, description and notes open with Card details (CSS hides them while it is closed)', async () => {
    const { user } = await openCourse();
    const details = screen.getByRole('button', { name: 'Card details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    // It names what it opens; all of it stays in the page, and Edit card stays beside it.
    const controlled = details
      .getAttribute('aria-controls')!
      .split(' ')
      .map((id) => document.getElementById(id)!);
    expect(controlled.map((el) => el.textContent)).toEqual([
      'Rating 4.7(128 reviews)',
      fullStack.cardData.description,
      'The course list and the public catalogue show this card.',
    ]);
    expect(controlled[0]!.closest('[data-open]')).toBeNull();
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(controlled[0]!.closest('[data-open]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Edit card' })).toBeInTheDocument();
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the tab in the URL: ?tab=faq opens FAQ, choosing another tab updates it', async () => {
    const { user, router } = await openCourse('?tab=faq');
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Do I need experience?')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Syllabus' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'syllabus' }));
    expect(screen.getByText('HTML & CSS')).toBeVisible();
    expect(screen.getByText('Do I need experience?')).not.toBeVisible();
  });

  it('an unknown tab in the URL falls back to Page Data', async () => {
    await openCourse('?tab=nope');
    expect(screen.getByRole('tab', { name: 'Page Data' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows Loading until the course is in the loaded list', async () => {
    const { queryClient } = await openCourse();
    slowListReads();
    act(() => void queryClient.resetQueries({ queryKey: ['courses'] }));
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('says the course was not found when the loaded list does not have it, with a way back', async () => {
    server.use(...createCourseApi().handlers);
    renderApp('/courses/20000000-0000-4000-8000-00000000ffff');
    expect(await screen.findByText('Course not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
  });

  it('offline, every write control on the detail is disabled', async () => {
    const { user } = await openCourse();
    act(() => onlineManager.setOnline(false));
    expect(openPanel().getByRole('button', { name: 'Update All Data' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Syllabus' }));
    expect(openPanel().getByRole('button', { name: '+ Add Syllabus' })).toBeDisabled();
    expect(openPanel().getByRole('button', { name: 'Edit syllabus week 1' })).toBeDisabled();
    expect(openPanel().getByRole('button', { name: 'Delete syllabus week 1' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Learn' }));
    expect(openPanel().getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it.each([
    ['Syllabus', 'No syllabus weeks yet.'],
    ['FAQ', 'No FAQs yet.'],
    ['Reviews', 'No reviews yet.'],
    ['Resources', 'No resources yet.'],
    ['Features', 'No features yet.'],
    ['Learn', 'No learning points yet.'],
  ])('the %s tab of a course without items says "%s"', async (tab, empty) => {
    const { user } = await openCourse('', { id: emptyCourse._id });
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(screen.getByText(empty)).toBeVisible();
  });
});

describe('syllabus', () => {
  it('Add Syllabus: fields, validation, Adding... while pending, closes on success and starts empty next time', async () => {
    const { user, api } = await openCourse('?tab=syllabus', { latencyMs: 300 });
    await user.click(openPanel().getByRole('button', { name: '+ Add Syllabus' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Syllabus' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const details = within(dialog).getByLabelText(/Details/);
    expect(details.tagName).toBe('TEXTAREA');
    expect(Number(details.getAttribute('rows'))).toBeGreaterThanOrEqual(4);

    await user.click(within(dialog).getByRole('button', { name: 'Add Syllabus' }));
    expect(within(dialog).getByText('Week must be a number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Topic is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Details is required.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/Week Number/), '3');
    await fill(user, within(dialog).getByLabelText(/Topic/), 'Node.js');
    await fill(user, details, 'Servers and APIs.');
    await submitAdding(user, dialog, 'Add Syllabus');

    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/courses/syllabus/add',
        body: { courseId: fullStack._id, week: 3, topic: 'Node.js', details: 'Servers and APIs.' },
      },
    ]);
    expect(openPanel().getByRole('button', { name: 'Edit syllabus week 3' })).toBeInTheDocument();
    expect(screen.getByText('3 weeks')).toBeInTheDocument();

    await user.click(openPanel().getByRole('button', { name: '+ Add Syllabus' }));
    const again = screen.getByRole('dialog', { name: 'Add Syllabus' });
    expect(within(again).getByLabelText(/Week Number/)).toHaveValue('');
    expect(within(again).getByLabelText(/Topic/)).toHaveValue('');
  });

  it('Edit opens prefilled, shows Updating... and saves the server copy', async () => {
    const { user, api } = await openCourse('?tab=syllabus', { latencyMs: 300 });
    await user.click(openPanel().getByRole('button', { name: 'Edit syllabus week 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Syllabus' });
    expect(within(dialog).getByLabelText(/Week Number/)).toHaveValue('2');
    expect(within(dialog).getByLabelText(/Topic/)).toHaveValue('JavaScript');
    expect(within(dialog).getByLabelText(/Details/)).toHaveValue('The language of the web.');

    await fill(user, within(dialog).getByLabelText(/Topic/), 'TypeScript');
    await user.click(within(dialog).getByRole('button', { name: 'Update Syllabus' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls[0]).toEqual({
      method: 'PUT',
      path: '/api/courses/syllabus/update',
      body: {
        courseId: fullStack._id,
        syllabusId: syllabus[1]!._id,
        week: 2,
        topic: 'TypeScript',
        details: 'The language of the web.',
        expectedUpdatedAt: fullStack.updatedAt,
      },
    });
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
  });

  it('a failed add keeps the modal open with what was typed', async () => {
    allowConsoleError();
    const { user } = await openCourse('?tab=syllabus');
    server.use(
      http.post('/api/courses/syllabus/add', () => failure(404, 'Course not found. It may have been deleted.')),
    );
    await user.click(openPanel().getByRole('button', { name: '+ Add Syllabus' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Syllabus' });
    await fillFields(user, within(dialog), { 'Week Number': '4', Topic: 'Testing', Details: 'Vitest.' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Syllabus' }));
    expect(await screen.findByText('Course not found. It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Syllabus' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Topic/)).toHaveValue('Testing');
  });
});

for (const kind of COURSE_ITEM_KIND_NAMES) {
  const { tab, noun, deleted, failed } = ITEM_TEXTS[kind];
  const { path, idField, list } = COURSE_ITEM_KINDS[kind];
  const { add, added, edit, edited } = ITEM_FORMS[kind];
  // Edited and deleted: the fixture course's first item of this kind.
  const { _id: targetId, ...targetFields } = fullStack.pageData[list][0]!;
  const target = itemName(kind, targetFields);

  describe(`${tab} items`, () => {
    it(`add, edit and delete (confirmed, with "${deleted}")`, async () => {
      const { user, api } = await openCourse();
      await user.click(screen.getByRole('tab', { name: tab }));

      // Add
      await submitModal(user, { open: `+ Add ${noun}`, modal: `Add ${noun}`, typed: add, submit: `Add ${noun}` });
      expect(api.calls.at(-1)).toEqual({
        method: 'POST',
        path: `/api/courses/${path}/add`,
        body: { courseId: fullStack._id, ...added },
      });
      expect(screen.getByText(Object.values(add)[1]!)).toBeVisible();

      // Edit: the update sends every field of the item, the retyped one changed, and the course version shown.
      const shown = api.find(fullStack._id).updatedAt;
      await submitModal(user, { open: `Edit ${target}`, modal: `Edit ${noun}`, typed: edit, submit: `Update ${noun}` });
      expect(api.calls.at(-1)).toEqual({
        method: 'PUT',
        path: `/api/courses/${path}/update`,
        body: { courseId: fullStack._id, [idField]: targetId, ...targetFields, ...edited, expectedUpdatedAt: shown },
      });
      expect(screen.getByText(Object.values(edit)[0]!)).toBeVisible();

      // Delete: Cancel does nothing, then confirm
      const deleteButton = openPanel().getByRole('button', { name: `Delete ${target}` });
      await user.click(deleteButton);
      await user.click((await alertDialog()).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
      expect(api.calls.at(-1)?.method).toBe('PUT');

      const shownNow = api.find(fullStack._id).updatedAt;
      await user.click(deleteButton);
      expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
      await user.click((await alertDialog()).getByRole('button', { name: 'Yes, delete it!' }));
      expect(await screen.findByText(deleted)).toBeInTheDocument();
      expect(api.calls.at(-1)).toEqual({
        method: 'DELETE',
        path: `/api/courses/${path}/delete`,
        body: { courseId: fullStack._id, [idField]: targetId, expectedUpdatedAt: shownNow },
      });
      await closeNotice(user);
      expect(screen.queryByRole('button', { name: `Delete ${target}` })).not.toBeInTheDocument();
    });

    it(`a failed delete shows "${failed}" and keeps the item`, async () => {
      allowConsoleError();
      const { user } = await openCourse();
      server.use(
        http.delete(`/api/courses/${path}/delete`, () => failure(404, 'Course not found. It may have been deleted.')),
      );
      await user.click(screen.getByRole('tab', { name: tab }));
      await user.click(openPanel().getByRole('button', { name: `Delete ${target}` }));
      await user.click((await alertDialog()).getByRole('button', { name: 'Yes, delete it!' }));
      expect(await screen.findByRole('heading', { name: 'Error!' })).toBeInTheDocument();
      expect(screen.getByText(failed)).toBeInTheDocument();
      await closeNotice(user);
      expect(openPanel().getByRole('button', { name: `Delete ${target}` })).toBeInTheDocument();
    });
  });
}

describe('item rules', () => {
  it('a review rating starts at 1 and is picked with 1 to 5 stars', async () => {
    const { user, api } = await openCourse('?tab=reviews');
    await user.click(openPanel().getByRole('button', { name: '+ Add Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Review' });
    const stars = within(dialog).getByRole('radiogroup', { name: /Rating/ });
    expect(within(stars).getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(within(stars).queryByRole('radio', { name: '6 stars' })).not.toBeInTheDocument();
    // The star itself is the radio's label: that is what a person clicks or taps.
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }).closest('div')!.querySelector('label')!);
    await fill(user, within(dialog).getByLabelText(/^Reviewer/), 'Kim');
    await fill(user, within(dialog).getByLabelText(/^Comment/), 'Good.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Review' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ rating: 4 });
    expect(await screen.findByRole('img', { name: '4 stars out of 5' })).toBeInTheDocument();
  });

  it('a resource link must be a URL', async () => {
    const { user, api } = await openCourse('?tab=resources');
    await user.click(openPanel().getByRole('button', { name: '+ Add Resource' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Resource' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Docs');
    await fill(user, within(dialog).getByLabelText(/^Link/), 'nodejs.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add Resource' }));
    expect(within(dialog).getByText('Link must be a valid URL starting with http:// or https://.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['FAQ', 'FAQ', ['Question is required.', 'Answer is required.']],
    ['Reviews', 'Review', ['Reviewer is required.', 'Comment is required.']],
    ['Resources', 'Resource', ['Name is required.', 'Link is required.']],
    ['Features', 'Feature', ['Feature is required.', 'Value is required.']],
  ])('the %s form requires its fields', async (tab, noun, errors) => {
    const { user, api } = await openCourse();
    await user.click(screen.getByRole('tab', { name: tab }));
    await user.click(openPanel().getByRole('button', { name: `+ Add ${noun}` }));
    const dialog = screen.getByRole('dialog', { name: `Add ${noun}` });
    await user.click(within(dialog).getByRole('button', { name: `Add ${noun}` }));
    for (const e of errors) expect(within(dialog).getByText(e)).toBeInTheDocument();
    for (const textarea of within(dialog)
      .queryAllByRole('textbox')
      .filter((t) => t.tagName === 'TEXTAREA')) {
      expect(Number(textarea.getAttribute('rows'))).toBeGreaterThanOrEqual(4);
    }
    expect(api.calls).toHaveLength(0);
  });
});

import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createCourseApi, emptyCourse } from '../mocks/course-api';
import { courses } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { slowListReads } from '../mocks/sync-api';
import { COURSE_TAB_NAMES } from '../utils/course-page';
import { renderApp } from '../utils/render';
import { alertDialog, closeNotice, fill, fillFields, openCourse, openPanel, submitAdding } from './course-test-utils';
import { allowConsoleError } from './setup';

const fullStack = courses[0]!;
const { syllabus, faq, reviews, additionalResources, tableData } = fullStack.pageData;

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
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');
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

/** One row per item kind: how to fill its add form, which item to edit, and its spec 8 notices. */
const KINDS = [
  {
    tab: 'Syllabus',
    noun: 'Syllabus',
    path: 'syllabus',
    idField: 'syllabusId',
    add: { 'Week Number': '5', Topic: 'Deployment', Details: 'Ship it.' },
    addBody: { week: 5, topic: 'Deployment', details: 'Ship it.' },
    target: 'syllabus week 1',
    targetId: syllabus[0]!._id,
    edit: ['Details', 'Tags and layout.'],
    updateBody: { week: 1, topic: 'HTML & CSS', details: 'Tags and layout.' },
    deleted: 'Syllabus has been deleted.',
    failed: 'Failed to delete syllabus.',
  },
  {
    tab: 'FAQ',
    noun: 'FAQ',
    path: 'faq',
    idField: 'faqId',
    add: { Question: 'Is there a certificate?', Answer: 'Yes.' },
    addBody: { question: 'Is there a certificate?', answer: 'Yes.' },
    target: 'FAQ "Do I need experience?"',
    targetId: faq[0]!._id,
    edit: ['Answer', 'None at all.'],
    updateBody: { question: 'Do I need experience?', answer: 'None at all.' },
    deleted: 'FAQ has been deleted.',
    failed: 'Failed to delete FAQ.',
  },
  {
    tab: 'Reviews',
    noun: 'Review',
    path: 'review',
    idField: 'reviewId',
    add: { Reviewer: 'Kim', Comment: 'Solid.' },
    addBody: { reviewer: 'Kim', rating: 1, comment: 'Solid.' },
    target: 'review by Sam',
    targetId: reviews[0]!._id,
    edit: ['Comment', 'Loved it.'],
    updateBody: { reviewer: 'Sam', rating: 5, comment: 'Loved it.' },
    deleted: 'Review has been deleted.',
    failed: 'Failed to delete review.',
  },
  {
    tab: 'Resources',
    noun: 'Resource',
    path: 'additional-resource',
    idField: 'resourceId',
    add: { Name: 'Node docs', Link: 'https://nodejs.org/docs' },
    addBody: { name: 'Node docs', link: 'https://nodejs.org/docs' },
    target: 'resource "MDN"',
    targetId: additionalResources[0]!._id,
    edit: ['Link', 'https://developer.mozilla.org/en-US/'],
    updateBody: { name: 'MDN', link: 'https://developer.mozilla.org/en-US/' },
    deleted: 'Additional resource has been deleted.',
    failed: 'Failed to delete additional resource.',
  },
  {
    tab: 'Features',
    noun: 'Feature',
    path: 'table-data',
    idField: 'tableDataId',
    add: { Feature: 'Mentoring', Value: 'Weekly' },
    addBody: { feature: 'Mentoring', value: 'Weekly' },
    target: 'feature "Projects"',
    targetId: tableData[0]!._id,
    edit: ['Value', '8'],
    updateBody: { feature: 'Projects', value: '8' },
    deleted: 'Table data has been deleted.',
    failed: 'Failed to delete table data.',
  },
] as const;

describe.each(KINDS)('$tab items', (k) => {
  it(`add, edit and delete (confirmed, with "${k.deleted}")`, async () => {
    const { user, api } = await openCourse();
    await user.click(screen.getByRole('tab', { name: k.tab }));

    // Add
    await user.click(openPanel().getByRole('button', { name: `+ Add ${k.noun}` }));
    let dialog = screen.getByRole('dialog', { name: `Add ${k.noun}` });
    await fillFields(user, within(dialog), k.add);
    await user.click(within(dialog).getByRole('button', { name: `Add ${k.noun}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: `/api/courses/${k.path}/add`,
      body: { courseId: fullStack._id, ...k.addBody },
    });
    expect(screen.getByText(Object.values(k.add)[1]!)).toBeVisible();

    // Edit
    await user.click(openPanel().getByRole('button', { name: `Edit ${k.target}` }));
    dialog = screen.getByRole('dialog', { name: `Edit ${k.noun}` });
    const [label, value] = k.edit;
    await fill(user, within(dialog).getByLabelText(new RegExp(`^${label}`)), value);
    await user.click(within(dialog).getByRole('button', { name: `Update ${k.noun}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/courses/${k.path}/update`,
      body: { courseId: fullStack._id, [k.idField]: k.targetId, ...k.updateBody },
    });
    expect(screen.getByText(value)).toBeVisible();

    // Delete: Cancel does nothing, then confirm
    const deleteButton = openPanel().getByRole('button', { name: `Delete ${k.target}` });
    await user.click(deleteButton);
    await user.click((await alertDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(api.calls.at(-1)?.method).toBe('PUT');

    await user.click(deleteButton);
    expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    await user.click((await alertDialog()).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText(k.deleted)).toBeInTheDocument();
    expect(api.calls.at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/courses/${k.path}/delete`,
      body: { courseId: fullStack._id, [k.idField]: k.targetId },
    });
    await closeNotice(user);
    expect(screen.queryByRole('button', { name: `Delete ${k.target}` })).not.toBeInTheDocument();
  });

  it(`a failed delete shows "${k.failed}" and keeps the item`, async () => {
    allowConsoleError();
    const { user } = await openCourse();
    server.use(
      http.delete(`/api/courses/${k.path}/delete`, () => failure(404, 'Course not found. It may have been deleted.')),
    );
    await user.click(screen.getByRole('tab', { name: k.tab }));
    await user.click(openPanel().getByRole('button', { name: `Delete ${k.target}` }));
    await user.click((await alertDialog()).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('heading', { name: 'Error!' })).toBeInTheDocument();
    expect(screen.getByText(k.failed)).toBeInTheDocument();
    await closeNotice(user);
    expect(openPanel().getByRole('button', { name: `Delete ${k.target}` })).toBeInTheDocument();
  });
});

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

import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createCourseApi } from '../mocks/course-api';
import { courses } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';

type User = ReturnType<typeof renderApp>['user'];

/** Renders /courses/{id}{search} against an in-memory course API and waits for the banner. */
export async function openCourse(search = '', { id = courses[0]!._id, latencyMs = 0 } = {}) {
  const api = createCourseApi({ latencyMs });
  server.use(...api.handlers);
  const utils = renderApp(`/courses/${id}${search}`);
  await screen.findByRole('heading', { level: 1 });
  return { api, ...utils };
}

/** Sets a field's text in one step: typing long strings key by key is slow on a loaded machine. */
export async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (!text) return;
  await user.click(field);
  await user.paste(text);
}

/** Fills each field, found by the start of its label, with its text: `{ Title: 'Rust', Price: '10' }`. */
export async function fillFields(user: User, scope: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, text] of Object.entries(values))
    await fill(user, scope.getByLabelText(new RegExp(`^${label}`)), text);
}

/** In the open tab: clicks `open`, types into the modal `modal` it opens, clicks `submit` and waits for it to close. */
export async function submitModal(
  user: User,
  { open, modal, typed, submit }: { open: string; modal: string; typed: Record<string, string>; submit: string },
) {
  await user.click(openPanel().getByRole('button', { name: open }));
  const dialog = within(screen.getByRole('dialog', { name: modal }));
  await fillFields(user, dialog, typed);
  await user.click(dialog.getByRole('button', { name: submit }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/**
 * The open tab's panel. Inactive panels stay mounted, and a role query by name over the whole page computes the
 * accessible name of every button in all seven (jsdom makes that the slowest part of these tests).
 */
export const openPanel = () => within(screen.getByRole('tabpanel'));

/** The sweetalert2 dialog (a confirm or a notice), once it shows: its module loads with the first one. */
export const alertDialog = async () => within(await screen.findByRole('dialog'));

/** Closes the sweetalert2 notice, so the page behind it is no longer aria-hidden. */
export async function closeNotice(user: User) {
  await user.click((await alertDialog()).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

/** Submits a course add modal: its button shows Adding... (disabled) while the call runs, then the modal closes. */
export async function submitAdding(user: User, dialog: HTMLElement, submit: string) {
  await user.click(within(dialog).getByRole('button', { name: submit }));
  expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

import { screen, waitFor } from '@testing-library/react';
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

/** Closes the sweetalert2 notice, so the page behind it is no longer aria-hidden. */
export async function closeNotice(user: User) {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

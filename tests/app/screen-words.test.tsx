import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { palette } from '@/app/shell/palette/palette-store';
import { batches, courses, enrollments, services, users } from '../mocks/fixtures';
import { renderApp } from '../utils/render';

afterEach(() => palette.close());

const [ann] = users;
const [course] = courses;
const [enrollment] = enrollments;
const [service] = services;
const batchOf = batches.find((b) => b._id === enrollment!.batchId)!;

describe('the browser tab names the screen', () => {
  it.each([
    ['/', 'Dashboard · Coursedesk'],
    ['/users', 'Users · Coursedesk'],
    [`/users/${ann!._id}`, 'Users · Coursedesk'],
    [`/courses/${course!._id}`, 'Courses · Coursedesk'],
    [`/enrollments/batch/${batchOf._id}`, 'Enrollments · Coursedesk'],
    [`/services/${service!._id}`, 'Services · Coursedesk'],
    ['/activity', 'Activity · Coursedesk'],
    ['/api-docs', 'API reference · Coursedesk'],
    ['/no-such-page', 'Page not found · Coursedesk'],
  ])('%s: %s', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('the login screen too', async () => {
    renderApp('/login', { loggedIn: false });
    await waitFor(() => expect(document.title).toBe('Admin Login · Coursedesk'));
  });
});

describe('one style of way back from a record', () => {
  it.each([
    [`/users/${ann!._id}`, 'Back to users', '/users'],
    [`/services/${service!._id}`, 'Back to services', '/services'],
    [`/courses/${course!._id}`, 'Back to courses', '/courses'],
    [`/enrollments/batch/${batchOf._id}`, 'Back to all batches', '/enrollments'],
    [`/enrollments/${enrollment!._id}`, `Back to ${batchOf.batchName}`, `/enrollments/batch/${batchOf._id}`],
  ])('%s: "← %s"', async (path, name, href) => {
    renderApp(path);
    const link = await within(await screen.findByRole('main')).findByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
  });
});

describe('the API reference has one name', () => {
  it('the palette and the sidebar call it what its page does', async () => {
    const { user } = renderApp('/api-docs');
    expect(await screen.findByRole('heading', { name: 'API reference', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api-docs');
    expect(within(nav).getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await user.keyboard('{Control>}k{/Control}');
    const search = await screen.findByRole('textbox', { name: 'Search screens, records and commands' });
    await user.type(search, 'api');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'API reference' })).toBeInTheDocument();
    expect(screen.queryByText('API documentation')).not.toBeInTheDocument();
  });
});

import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { URL_SYNC_MS } from '@/app/lib/url-state';
import { users } from '../mocks/fixtures';
import { acceptDeletes, failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { holdPulls, storedCopy } from '../utils/device-copy';
import { captureDownloads } from '../utils/downloads';
import {
  ANN_ACCOUNT_FIELDS,
  expectDetailFields,
  expectLoadingWhileListReloads,
  expectNotFoundLinksBack,
} from '../utils/record-screens';
import { renderApp } from '../utils/render';
import { columnHeaders, CHECKBOX_COLUMN, bodyRows } from '../utils/table';
import { allowConsoleError } from './setup';

const [ann, jose, priya] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];

afterEach(() => onlineManager.setOnline(true));

describe('users list', () => {
  it('shows the columns, verified badges, dates and the count', async () => {
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(columnHeaders()).toEqual([CHECKBOX_COLUMN, 'No', 'Name', 'Email', 'Verified', 'Account Created', 'Actions']);
    expect(screen.getByText('3 users')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: `Open user ${ann.name}` });
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText(ann.email)).toBeInTheDocument();
    expect(within(row).getByText('Oct 1, 2026')).toBeInTheDocument();
    // Green Verified, red Not Verified.
    const badge = (text: string, r: HTMLElement) =>
      within(r).getByText(text).closest('.mantine-Badge-root')!.getAttribute('style') ?? '';
    expect(badge('Verified', row)).toContain('--mantine-color-green');
    expect(badge('Not Verified', screen.getByRole('row', { name: `Open user ${jose.name}` }))).toContain(
      '--mantine-color-red',
    );
    // The table scrolls inside a box at most 900px high, ending at the window's bottom (16px of padding).
    expect(screen.getByRole('table').closest('[style*="max-height"]')).toHaveStyle({
      maxHeight: `${Math.min(900, window.innerHeight - 16)}px`,
    });
  });

  it('the theme is dark by default; the toggle switches it and saves it under "theme"', async () => {
    localStorage.removeItem('theme');
    const { user } = renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('filters by name or email, case-insensitively, and keeps the search in the URL', async () => {
    const { user, router } = renderApp('/users');
    const search = await screen.findByPlaceholderText('Search by Name or Email');
    await user.type(search, 'PRIYA');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('row', { name: `Open user ${priya.name}` })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 users')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'PRIYA' }));

    await user.clear(search);
    await user.type(search, 'EXAMPLE.ES');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('row', { name: `Open user ${jose.name}` })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody-here');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('applies the search from the URL, so it survives a reload', async () => {
    renderApp('/users?q=ann');
    expect(await screen.findByDisplayValue('ann')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('row', { name: `Open user ${ann.name}` })).toBeInTheDocument();
  });

  it('a link to /users without a search clears the box', async () => {
    const { router } = renderApp('/users?q=ann');
    expect(await screen.findByDisplayValue('ann')).toBeInTheDocument();
    await router.navigate({ to: '/users' });
    await waitFor(() => expect(screen.getByPlaceholderText('Search by Name or Email')).toHaveValue(''));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    // The box does not write its old text back into the URL (nothing can be awaited for "never": one window).
    await new Promise((r) => setTimeout(r, URL_SYNC_MS + 100));
    expect(router.state.location.search).toEqual({});
  });

  it('a row clicked right after typing opens the profile, and the search does not bring the admin back', async () => {
    const { user, router } = renderApp('/users');
    await user.type(await screen.findByPlaceholderText('Search by Name or Email'), 'PRIYA');
    await user.click(await screen.findByRole('row', { name: `Open user ${priya.name}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${priya._id}`));
    await new Promise((r) => setTimeout(r, URL_SYNC_MS + 100));
    expect(router.state.location.pathname).toBe(`/users/${priya._id}`);
  });

  it('a row click opens the profile; the row buttons do not', async () => {
    const files = captureDownloads();
    const { user, router } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Download user ${priya.name}` }));
    expect(router.state.location.pathname).toBe('/users');
    expect(files).toHaveLength(1);
    await user.click(screen.getByText(priya.email));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${priya._id}`));
  });

  it('Download Users saves Users.csv with the rows shown', async () => {
    const files = captureDownloads();
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Download Users' }));
    expect(files[0]!.name).toBe('Users.csv');
    expect([...new Uint8Array(await files[0]!.blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM
    const all = await files[0]!.blob.text();
    expect(all.split('\r\n')[0]).toBe(
      'Name,Email,Verified,Age,Occupation,Contact No,Interest,Past Experience,Account Created',
    );
    expect(all.split('\r\n').filter(Boolean)).toHaveLength(4);

    await user.type(screen.getByPlaceholderText('Search by Name or Email'), 'nair');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download Users' }));
    const narrowed = (await files[1]!.blob.text()).split('\r\n').filter(Boolean);
    expect(narrowed).toHaveLength(2);
    expect(narrowed[1]).toMatch(/^Priya Nair,priya\.nair@example\.in,Yes,34,Data Analyst,/);
  });

  it('the download button saves one user as "User : {name}.csv", its colon one a file name may hold', async () => {
    const files = captureDownloads();
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Download user ${jose.name}` }));
    expect(files[0]!.name).toBe('User \uA789 José Álvarez.csv');
    expect((await files[0]!.blob.text()).split('\r\n')[1]).toMatch(
      /^José Álvarez,jose@example\.es,No,N\/A,N\/A,N\/A,N\/A,N\/A,/,
    );
  });

  it('Download Users with no users shown only logs "No user data available to download."', async () => {
    const files = captureDownloads();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { user } = renderApp('/users?q=nobody');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Users' }));
    expect(log).toHaveBeenCalledWith('No user data available to download.');
    expect(files).toHaveLength(0);
  });

  it('deletes a user after "Are you sure?", shows the notice and removes the row', async () => {
    const deleted = acceptDeletes('/api/users/:id', 'The user has been deleted.');
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${ann.name}` }));
    expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.getByText("You won't be able to revert this!")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('heading', { name: 'Deleted!' })).toBeInTheDocument();
    expect(screen.getAllByText('The user has been deleted.').length).toBeGreaterThan(0);
    expect(deleted).toEqual([ann._id]);
    await waitFor(() => expect(screen.queryByRole('row', { name: `Open user ${ann.name}` })).not.toBeInTheDocument());
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('Cancel in the dialog deletes nothing', async () => {
    const deleted = acceptDeletes('/api/users/:id', 'The user has been deleted.');
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${ann.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Are you sure?' })).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
    expect(screen.getByRole('row', { name: `Open user ${ann.name}` })).toBeInTheDocument();
  });

  it('a failed delete shows the server message and "Error!" / "Failed to delete the user.", and keeps the row', async () => {
    allowConsoleError();
    server.use(
      http.delete('/api/users/:id', () => failure(409, 'You cannot delete your own account while logged in with it.')),
    );
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${ann.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('heading', { name: 'Error!' })).toBeInTheDocument();
    expect(screen.getByText('Failed to delete the user.')).toBeInTheDocument();
    expect(await screen.findByText('You cannot delete your own account while logged in with it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('row', { name: `Open user ${ann.name}` })).toBeInTheDocument();
  });

  it('with no response the delete says the network is down', async () => {
    allowConsoleError();
    server.use(http.delete('/api/users/:id', () => HttpResponse.error()));
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${ann.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(
      await screen.findByText('No response from the server. Please check your network connection.'),
    ).toBeInTheDocument();
  });

  it('offline, delete is disabled while the local download still works', async () => {
    const files = captureDownloads();
    const { user } = renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    onlineManager.setOnline(false);
    const del = await screen.findByRole('button', { name: `Delete user ${ann.name}` });
    await waitFor(() => expect(del).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Download Users' }));
    expect(files).toHaveLength(1);
  });
});

describe('user profile', () => {
  it('shows the initial, name, occupation, email, badge and details', async () => {
    renderApp(`/users/${ann._id}`);
    expect(await screen.findByRole('heading', { name: ann.name })).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('Designer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ann.email })).toHaveAttribute('href', `mailto:${ann.email}`);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    const detail = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    const { Occupation: _shownAbove, ...fields } = ANN_ACCOUNT_FIELDS;
    expectDetailFields(detail, fields);
  });

  it('shows N/A for missing fields and Not Verified', async () => {
    renderApp(`/users/${jose._id}`);
    expect(await screen.findByRole('heading', { name: jose.name })).toBeInTheDocument();
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
    expect(screen.getByText('Age').nextElementSibling).toHaveTextContent('N/A');
    expect(screen.getByText('Past Experience').nextElementSibling).toHaveTextContent('N/A');
  });

  it('shows Loading until the user is in the loaded list', () =>
    expectLoadingWhileListReloads(`/users/${ann._id}`, 'users', ann.name, 'Loading'));

  it('a user newer than the device copy shows Loading until the start-up pull brings them', async () => {
    await storedCopy();
    const fresh = { ...ann, _id: '10000000-0000-4000-8000-0000000000f1', name: 'Fresh Person' };
    setMockLists({ users: [...users, fresh] });
    const release = holdPulls();
    renderApp(`/users/${fresh._id}`);
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'User not found' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Fresh Person' })).toBeInTheDocument();
  });

  it('an id that is not in the loaded list says so and links back', () =>
    expectNotFoundLinksBack('/users/no-such-user', 'User not found', /Back to users/, '/users'));

  it('deleting from the profile returns to the list', async () => {
    const deleted = acceptDeletes('/api/users/:id', 'The user has been deleted.');
    const { user, router } = renderApp(`/users/${priya._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(deleted).toEqual([priya._id]);
    expect(screen.queryByRole('row', { name: `Open user ${priya.name}` })).not.toBeInTheDocument();
  });
});

import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { searchRecords } from '@/app/shell/palette/palette-search';
import { palette } from '@/app/shell/palette/palette-store';
import type { Enrollment, User } from '@/shared/schemas';
import { enrollments, users } from '../mocks/fixtures';
import { setMockLists } from '../mocks/sync-api';
import { renderApp } from '../utils/render';

// The palette's store outlives a render: each test starts with it closed.
afterEach(() => {
  onlineManager.setOnline(true);
  palette.close();
});

const [ann] = users as [User];
const [annEnrollment] = enrollments as [Enrollment];

async function openPalette(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'Users' });
  await waitFor(() => expect(screen.queryByRole('textbox', { name: /Search screens/ })).not.toBeInTheDocument());
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('textbox', { name: 'Search screens, records and commands' });
}
const action = (name: string | RegExp) => within(screen.getByRole('dialog')).getByRole('button', { name });

describe('command palette', () => {
  it('Ctrl+K opens it; arrows and Enter go to a screen; Escape closes it', async () => {
    const { user, router } = renderApp('/users');
    const search = await openPalette(user);
    expect(search).toHaveFocus();
    await user.type(search, 'cour');
    expect(action('Courses')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Search screens/ })).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('textbox', { name: 'Search screens, records and commands' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Search screens/ })).not.toBeInTheDocument());
  });

  it('Ctrl+K opens it from a search box too (a modifier shortcut never types into a field)', async () => {
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('searchbox', { name: 'Search users' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('textbox', { name: 'Search screens, records and commands' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search users', hidden: true })).toHaveValue('');
  });

  it('finds a user by email and an enrollment by transaction ID from the device copy, offline too', async () => {
    const { user, router } = renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    onlineManager.setOnline(false);
    const search = await openPalette(user);
    await user.type(search, ann.email.slice(0, 6).toUpperCase());
    const userHit = await within(screen.getByRole('dialog')).findByRole('button', {
      name: new RegExp(`^${ann.name}(?! ·)`),
    });
    expect(within(userHit).getByText(ann.email)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, annEnrollment.transactionId!);
    const hit = await within(screen.getByRole('dialog')).findByRole('button', {
      name: /Ann Lee · ann\.lee@example\.com/,
    });
    expect(hit).toHaveTextContent(annEnrollment.transactionId!);
    await user.click(hit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/enrollments/${annEnrollment._id}`));
  });

  it('runs the theme switch, Reload Data and Logout (after its question)', async () => {
    const resync = vi.spyOn(syncEngine, 'resync');
    const { user } = renderApp('/users');
    let search = await openPalette(user);
    await user.type(search, 'theme');
    await user.click(action('Switch to light theme'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'));

    search = await openPalette(user);
    await user.type(search, 'reload');
    await user.click(action(/Reload Data/));
    await waitFor(() => expect(resync).toHaveBeenCalledTimes(1));

    search = await openPalette(user);
    await user.type(search, 'logout');
    await user.click(action('Logout'));
    expect(await screen.findByRole('heading', { name: 'Are you sure you want to logout?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('the phone header button opens it', async () => {
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    }));
    const { user } = renderApp('/users');
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Search and commands' }));
    expect(await screen.findByRole('textbox', { name: 'Search screens, records and commands' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('says Nothing found., and shows at most 5 records of a kind', async () => {
    const many: User[] = Array.from({ length: 40 }, (_, i) => ({
      ...ann,
      _id: `10000000-0000-4000-8000-0000000009${String(i).padStart(2, '0')}`,
      name: `Zed ${i}`,
      email: `zed${i}@example.com`,
    }));
    setMockLists({ users: [...users, ...many] });
    const { user } = renderApp('/users');
    const search = await openPalette(user);
    await user.type(search, 'zed');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Zed \d+/ })).toHaveLength(5));
    await user.type(search, 'qqq');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

describe('searchRecords', () => {
  it('matches names, emails and transaction IDs case-insensitively, literal text only, and needs 2 characters', () => {
    const lists = { users, enrollments };
    expect(searchRecords(lists, 'a')).toEqual([]);
    expect(searchRecords(lists, 'ANN.LEE').map((h) => h.kind)).toEqual(['users', 'enrollments']);
    expect(searchRecords(lists, 'tx_1001').map((h) => h.id)).toEqual([annEnrollment._id]);
    expect(searchRecords(lists, '.*')).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SYNC_LISTS, type SyncReply } from '@/shared/schemas/sync';
import { users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { mockLists } from '../mocks/sync-api';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

/**
 * Reload Data keeps the app usable (docs/sync.md): the overlay's progress, "Keep working" to the background, the
 * shell's progress, the swap with its notice, and a failure half-way that keeps the copy and offers a Retry.
 */

const LISTS = { users: [12_000, 50_000], courses: [0, 12], batches: [0, 30], services: [0, 9_000] } as const;
const progress = () => {
  const lists = Object.fromEntries(
    SYNC_LISTS.map((l) => {
      const [done, total] = (LISTS as Record<string, readonly [number, number]>)[l] ?? [
        0,
        l === 'enrollments' ? 200_000 : 1_000,
      ];
      return [l, { done, total }];
    }),
  ) as Required<NonNullable<SyncReply['progress']>>['lists'];
  const all = Object.values(lists);
  return { done: all.reduce((n, p) => n + p.done, 0), total: all.reduce((n, p) => n + p.total, 0), lists };
};

/**
 * The server for a Reload Data in two pages: the first brings every list (Ann renamed), the second waits for
 * `second()` (which may throw: a 503). Other pulls (the stream's) get nothing new.
 */
function serveReload(second: () => Promise<'ok' | 'fail'>) {
  const asked: (string | null)[] = [];
  server.use(
    http.get('/api/sync', async ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(cursor);
      const changes = Object.fromEntries(
        SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }]),
      ) as unknown as SyncReply['changes'];
      if (cursor === null) {
        for (const l of SYNC_LISTS) changes[l].upserts = mockLists()[l] as never[];
        changes.users.upserts = users.map((u, i) => (i === 0 ? { ...u, name: 'Ann Fresh' } : u));
        const reply = { success: true, reset: true, changes, cursor: 'p1', hasMore: true, progress: progress() };
        return HttpResponse.json(reply);
      }
      if (cursor === 'p1' && (await second()) === 'fail')
        return HttpResponse.json({ success: false, message: 'Service unavailable' }, { status: 503 });
      return HttpResponse.json({ success: true, reset: false, changes, cursor: 'p2', hasMore: false });
    }),
  );
  return asked;
}

function gate() {
  let open!: (how: 'ok' | 'fail') => void;
  const opened = new Promise<'ok' | 'fail'>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}

async function appSynced() {
  const app = renderApp('/users');
  await screen.findByText('Ann Lee');
  await screen.findByText(/^Synced /);
  return app;
}

// A few screens, two reloads and their renders each: seconds on a quiet machine, more on this shared one.
describe('Reload Data', { timeout: 60_000 }, () => {
  it('shows its progress on the overlay; Keep working sends it to the background, and the fresh copy comes in one step', async () => {
    const { user } = await appSynced();
    const second = gate();
    serveReload(second.wait);
    const button = screen.getByRole('button', { name: 'Reload Data' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Reloading data…' });
    const keep = within(dialog).getByRole('button', { name: 'Keep working' });
    expect(keep).toHaveFocus();
    const bar = await within(dialog).findByRole('progressbar', { name: 'Reload Data progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '4'); // 12,000 of 260,042
    expect(within(dialog).getByText('12,000 of 260,042 records')).toBeInTheDocument();
    const lines = within(within(dialog).getByRole('list', { name: 'Progress by list' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Users 12,000 of 50,000',
      'Courses 0 of 12',
      'Batches 0 of 30',
      'Services 0 of 9,000',
      'Enrollments 0 of 200,000',
      'Activity 0 of 1,000',
    ]);
    // Polite, and only every tenth of the way.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Reload Data 0% done');
    expect(screen.getByText('Ann Lee')).toBeInTheDocument(); // the current copy stays until the new one is whole

    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(screen.getByText('Reloading in the background · 4%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Reload Data progress' })).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByText('Users 12,000 of 50,000')).toBeInTheDocument();

    // The admin keeps working on the current copy meanwhile.
    await user.click(screen.getByRole('link', { name: 'Courses' }));
    await screen.findByRole('heading', { name: 'Courses' });
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();

    second.open('ok');
    expect(await screen.findByText('Ann Fresh')).toBeInTheDocument();
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument();
    expect(await screen.findByText('Data reloaded: the screens show the fresh copy.')).toBeInTheDocument();
    expect(screen.queryByText(/Reloading in the background/)).not.toBeInTheDocument();
  });

  it('is operable by keyboard: Escape sends it to the background; one that ends with the overlay shown gives focus back', async () => {
    const { user } = await appSynced();
    let second = gate();
    serveReload(() => second.wait());
    screen.getByRole('button', { name: 'Reload Data' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reloading data…' });
    await within(dialog).findByRole('progressbar');
    // Tab stays inside the dialog.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Keep working' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reload Data' })).toHaveFocus();
    second.open('ok');
    await screen.findByText('Ann Fresh');
    await screen.findByText('Data reloaded: the screens show the fresh copy.');

    // Again, waiting behind the overlay: it closes when the copy is in, focus back on Reload Data.
    second = gate();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Reloading data…' });
    second.open('ok');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reload Data' })).toHaveFocus();
    expect(screen.queryByText(/Reloading in the background/)).not.toBeInTheDocument();
  });

  it('a reload that fails half-way keeps the copy, and the shell offers a Retry that brings the fresh copy', async () => {
    allowConsoleError();
    const { user } = await appSynced();
    let second = gate();
    const asked = serveReload(() => second.wait());
    await user.click(screen.getByRole('button', { name: 'Reload Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reloading data…' });
    await within(dialog).findByRole('progressbar');
    await user.click(within(dialog).getByRole('button', { name: 'Keep working' }));
    second.open('fail'); // the page and the query cache's one retry of it: 503

    expect(await screen.findByText('Reload Data failed. The copy on this device is unchanged.')).toBeInTheDocument();
    expect(asked.filter((c) => c === 'p1')).toHaveLength(2);
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.queryByText('Ann Fresh')).not.toBeInTheDocument();
    expect(screen.queryByText(/Reloading in the background/)).not.toBeInTheDocument();

    second = gate();
    second.open('ok');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ann Fresh')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); // Retry stays in the background
    expect(await screen.findByText('Data reloaded: the screens show the fresh copy.')).toBeInTheDocument();
    expect(screen.queryByText(/Reload Data failed/)).not.toBeInTheDocument();
    expect(asked.filter((c) => c === null)).toHaveLength(2); // the Retry started the full sync over
  });
});

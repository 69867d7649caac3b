import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import type { Batch, Enrollment, Service } from '@/shared/schemas';
import { batches, enrollments, services, users } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { renderApp } from '../utils/render';

afterEach(() => onlineManager.setOnline(true));

const [winter] = batches as [Batch];
const [ann] = enrollments as [Enrollment];
const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
/** Six pending enrollments of the winter batch, newest first as the list shows them. */
const six: Enrollment[] = names.map((name, i) => ({
  ...ann,
  _id: `40000000-0000-4000-8000-0000000001${i}0`,
  userId: null,
  userDetails: { name, email: `${name.toLowerCase()}@example.com`, phone: null },
  isVerified: false,
  verifiedAt: null,
  createdAt: `2026-11-0${9 - i}T12:00:00.000Z`,
  updatedAt: `2026-11-0${9 - i}T12:00:00.000Z`,
}));

const box = (name: string) => screen.getByRole('checkbox', { name: `Select enrollment of ${name}` });
const bar = () => screen.getByRole('group', { name: 'Actions on the selected records' });

/** Records the bulk requests and answers with `reply(body)`. */
/** The server's clock in the replies of the mocked bulk route. */
const STAMP = '2026-11-23T12:00:00.000Z';

function bulkRoute(
  path: string,
  reply: (body: { action: string; items: { id: string; updatedAt?: string }[] }) => object,
) {
  const bodies: { action: string; items: { id: string; updatedAt?: string }[] }[] = [];
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      const body = (await request.json()) as (typeof bodies)[number];
      bodies.push(body);
      return HttpResponse.json({ success: true, showMessage: true, updatedAt: STAMP, ...reply(body) });
    }),
  );
  return bodies;
}

describe('bulk actions on a batch', () => {
  it('selects one row, a Shift-click range, and all rows; Clear selection empties it', async () => {
    setMockLists({ enrollments: six });
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select enrollment of Bo' }));
    expect(within(bar()).getByText('1 enrollment selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(box('Ed'));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByText('4 enrollments selected')).toBeInTheDocument();
    expect(['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((n) => (box(n) as HTMLInputElement).checked)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    // A Shift-click on a selected row clears the range from the last row clicked (Ed) to it: Bo stays.
    await user.keyboard('{Shift>}');
    await user.click(box('Cy'));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByText('1 enrollment selected')).toBeInTheDocument();
    expect((box('Bo') as HTMLInputElement).checked).toBe(true);

    const all = screen.getByRole('checkbox', { name: 'Select all 6 matching' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(within(bar()).getByText('6 enrollments selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Actions on the selected records' })).not.toBeInTheDocument();
  });

  it('Approve selected sends one request with what the admin saw, applies the rows done, and lists the refusals', async () => {
    setMockLists({ enrollments: six });
    const bodies = bulkRoute('/enrollments/bulk', (body) => ({
      message: 'Approved 2 enrollments. 1 enrollment could not be changed: see why below.',
      done: body.items.slice(0, 2).map((i) => i.id),
      refused: [
        {
          id: body.items[2]!.id,
          reason: 'changed',
          message: 'Someone changed it after you loaded it. Check it and try again.',
        },
      ],
    }));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select enrollment of Ada' }));
    await user.click(box('Bo'));
    await user.click(box('Cy'));
    await user.click(within(bar()).getByRole('button', { name: 'Approve selected' }));

    expect(await screen.findByText(/Approved 2 enrollments\. 1 enrollment could not be changed/)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        action: 'approve',
        items: six.slice(0, 3).map((e) => ({ id: e._id, updatedAt: e.updatedAt })),
      },
    ]);
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('1 enrollment not changed')).toBeInTheDocument();
    expect(
      within(panel).getByText('Cy: Someone changed it after you loaded it. Check it and try again.'),
    ).toBeInTheDocument();
    // The rows done are approved on the device copy; the refused one stays pending and selected.
    await waitFor(() =>
      expect(
        syncEngine
          .peek('enrollments')
          .filter((e) => e.isVerified)
          .map((e) => [e.userDetails.name, e.updatedAt, e.verifiedAt]),
      ).toEqual([
        ['Ada', STAMP, STAMP],
        ['Bo', STAMP, STAMP],
      ]),
    );
    expect(within(bar()).getByText('1 enrollment selected')).toBeInTheDocument();
    expect((box('Cy') as HTMLInputElement).checked).toBe(true);
    expect((box('Ada') as HTMLInputElement).checked).toBe(false);
  });

  it('Delete selected asks "Delete 6 enrollments?" and, confirmed, removes the rows done', async () => {
    setMockLists({ enrollments: six });
    const bodies = bulkRoute('/enrollments/bulk', (body) => ({
      message: 'Deleted 6 enrollments.',
      done: body.items.map((i) => i.id),
      refused: [],
    }));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 6 matching' }));
    await user.click(within(bar()).getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByRole('heading', { name: 'Delete 6 enrollments?' })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, delete them!' }));
    expect(await screen.findByText('Deleted 6 enrollments.')).toBeInTheDocument();
    expect(bodies[0]!.action).toBe('delete');
    expect(await screen.findByText('No enrollments found.')).toBeInTheDocument();
  });

  it('cancelling the delete sends nothing; offline the actions are disabled', async () => {
    setMockLists({ enrollments: six });
    const bodies = bulkRoute('/enrollments/bulk', () => ({ message: '', done: [], refused: [] }));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select enrollment of Ada' }));
    await user.click(within(bar()).getByRole('button', { name: 'Delete selected' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(0);
    onlineManager.setOnline(false);
    await waitFor(() => expect(within(bar()).getByRole('button', { name: 'Approve selected' })).toBeDisabled());
    expect(within(bar()).getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('a failed request changes nothing and says why', async () => {
    setMockLists({ enrollments: six });
    server.use(http.post('/api/enrollments/bulk', () => failure(400, 'At most 10,000 records at once.')));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('checkbox', { name: 'Select enrollment of Ada' }));
    await user.click(within(bar()).getByRole('button', { name: 'Disapprove selected' }));
    expect(await screen.findByText('At most 10,000 records at once.')).toBeInTheDocument();
    expect(syncEngine.peek('enrollments').filter((e) => e.isVerified)).toHaveLength(0);
    expect((box('Ada') as HTMLInputElement).checked).toBe(true);
  });
});

describe('bulk actions on services and users', () => {
  it('services: Approve selected applies the reply', async () => {
    const pending = services.filter((s) => !s.isVerified) as Service[];
    bulkRoute('/services/bulk', (body) => ({
      message: `Approved ${body.items.length} service purchases.`,
      done: body.items.map((i) => i.id),
      refused: [],
    }));
    const { user } = renderApp('/services');
    const first = pending[0]!;
    await user.click(
      await screen.findByRole('checkbox', {
        name: `Select service ${first.serviceDetails.title} of ${first.userDetails.name}`,
      }),
    );
    await user.click(within(bar()).getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(syncEngine.peek('services').find((s) => s._id === first._id)?.isVerified).toBe(true));
  });

  it('users: "select all N matching" selects what the search matches; a new search starts a new selection', async () => {
    const bodies = bulkRoute('/users/bulk', (body) => ({
      message: 'Deleted 0 users. 1 user could not be changed: see why below.',
      done: [],
      refused: body.items.map((i) => ({
        id: i.id,
        reason: 'self',
        message: 'You cannot delete your own account while logged in with it.',
      })),
    }));
    const { user } = renderApp('/users');
    const search = await screen.findByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'ann');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 1 matching' }));
    expect(within(bar()).getByText('1 user selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByRole('heading', { name: 'Delete 1 user?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(
      await screen.findByText(
        `${users[0]!.name} (${users[0]!.email}): You cannot delete your own account while logged in with it.`,
      ),
    ).toBeInTheDocument();
    expect(bodies[0]!.items.map((i) => i.id)).toEqual([users[0]!._id]);
    await user.clear(search);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all 3 matching' })).not.toBeChecked());
    expect(screen.queryByRole('group', { name: 'Actions on the selected records' })).not.toBeInTheDocument();
  });
});

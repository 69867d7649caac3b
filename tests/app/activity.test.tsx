import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildActivityIndex, filterActivity, NO_FILTER } from '@/app/features/activity/activity-filter';
import { activity, enrollments, users } from '../mocks/fixtures';
import { setMockLists } from '../mocks/sync-api';
import { captureDownloads } from '../utils/downloads';
import { renderApp } from '../utils/render';
import { columnHeaders, bodyRows } from '../utils/table';

const [approval, deletedPurchase, login, throttled] = activity as [
  (typeof activity)[0],
  (typeof activity)[0],
  (typeof activity)[0],
  (typeof activity)[0],
];

describe('Activity screen', () => {
  it('lists the synced log newest first, with a sidebar link', async () => {
    renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(columnHeaders()).toEqual(['When', 'Admin', 'Action', 'Kind', 'Summary']);
    expect(screen.getByText('4 entries')).toBeInTheDocument();
    expect(bodyRows().map((r) => r.getAttribute('aria-label'))).toEqual(
      activity.map((a) => `Open the record of: ${a.summary}`),
    );
    const first = within(bodyRows()[0]!);
    expect(first.getByText('Approved')).toBeInTheDocument();
    expect(first.getByText('Enrollment')).toBeInTheDocument();
    expect(first.getByText('Demo Admin')).toBeInTheDocument();
    expect(within(bodyRows()[3]!).getByText('No admin')).toBeInTheDocument();
  });

  it('searches by record name or email and filters by kind and action; the count follows', async () => {
    const { user } = renderApp('/activity');
    const search = await screen.findByRole('searchbox', { name: 'Search activity' });
    await user.type(search, 'BO@EXAMPLE');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('1 of 4 entries')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByText(deletedPurchase.summary)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));

    await user.click(screen.getByLabelText('Kind', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Session' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Login throttled' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0]!).getByText(throttled.summary)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
  });

  it('keeps the filters in the URL: a link with them opens the log filtered, and a bad value is dropped', async () => {
    const { user, router } = renderApp('/activity?kind=session&action=nonsense&from=yesterday');
    await screen.findByRole('heading', { name: 'Activity' });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByLabelText('Kind', { selector: 'input' })).toHaveValue('Session');
    expect(screen.getByLabelText('Action', { selector: 'input' })).toHaveValue('');
    await user.type(screen.getByRole('searchbox', { name: 'Search activity' }), 'mallory');
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'session', q: 'mallory' }));
    expect(within(bodyRows()[0]!).getByText(throttled.summary)).toBeInTheDocument();
    // The sidebar's link, without a search, clears them.
    await user.click(screen.getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(screen.getByRole('searchbox', { name: 'Search activity' })).toHaveValue('');
  });

  it('a row opens its record; Download Activity saves the entries shown', async () => {
    const files = captureDownloads();
    const { user, router } = renderApp('/activity');
    await user.click(await screen.findByRole('button', { name: 'Download Activity' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('Activity.csv');
    const lines = (await files[0]!.blob.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Time,Admin,Admin Email,Action,Kind,Record ID,Record,Summary,Before,After');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain('Deleted,Service purchase,50000000-0000-4000-8000-000000000009');
    expect(lines[2]).toContain('"{""title"":""Logo Design"",""amount"":120');

    await user.click(screen.getByRole('row', { name: `Open the record of: ${login.summary}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${login.recordId}`));
  });
});

describe('filterActivity', () => {
  it('narrows by admin, kind, action, dates (both days included) and text', () => {
    const index = buildActivityIndex(activity);
    const ids = (f: Partial<typeof NO_FILTER>) =>
      filterActivity(activity, index, { ...NO_FILTER, ...f }).map((a) => a._id);
    expect(ids({})).toEqual(activity.map((a) => a._id));
    expect(ids({ admin: 'admin@coursedesk.dev' })).toEqual([approval._id, deletedPurchase._id, login._id]);
    expect(ids({ kind: 'service' })).toEqual([deletedPurchase._id]);
    expect(ids({ action: 'login' })).toEqual([login._id]);
    expect(ids({ q: 'mallory' })).toEqual([throttled._id]);
    // Local days: the fixtures' times lie well inside their UTC days, in any time zone within ±8 h.
    expect(ids({ from: '2026-11-18', to: '2026-11-19' })).toEqual([deletedPurchase._id, login._id]);
    expect(ids({ from: '2026-11-20' })).toEqual([approval._id]);
    expect(ids({ to: '2026-11-17' })).toEqual([throttled._id]);
  });
});

describe('record history on the detail screens', () => {
  it('an enrollment shows who approved it and the fields before and after', async () => {
    renderApp(`/enrollments/${enrollments[0]!._id}`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText(approval.summary)).toBeInTheDocument();
    expect(within(history).getByText(/by Demo Admin \(admin@coursedesk\.dev\)/)).toBeInTheDocument();
    const row = within(history).getByRole('row', { name: /is_verified/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['false', 'true']);
  });

  it('a deleted purchase stays traceable: its last state is in its history', async () => {
    renderApp(`/services/${deletedPurchase.recordId}`);
    expect(await screen.findByRole('heading', { name: 'Service not found' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(deletedPurchase.summary)).toBeInTheDocument();
    expect(within(within(history).getByRole('row', { name: /amount/ })).getAllByRole('cell')[0]).toHaveTextContent(
      '120',
    );
  });

  it('a deleted enrollment shows its history instead of going back to the list', async () => {
    const gone = enrollments[1]!;
    setMockLists({
      enrollments: enrollments.filter((e) => e._id !== gone._id),
      activity: [
        {
          ...deletedPurchase,
          _id: '60000000-0000-4000-8000-0000000000aa',
          kind: 'enrollment',
          recordId: gone._id,
          summary: 'Deleted enrollment: José Álvarez (jose@example.es) · Full-Stack Web Development',
          before: { amount: gone.amount, currency: gone.currency },
        },
        ...activity,
      ],
    });
    renderApp(`/enrollments/${gone._id}`);
    expect(await screen.findByText('Enrollment deleted')).toBeInTheDocument();
    expect(screen.getByText(/Deleted enrollment: José Álvarez/)).toBeInTheDocument();
  });

  it('users and courses show their history too, or say there is none yet', async () => {
    renderApp(`/users/${users[0]!._id}`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('No recorded changes yet.')).toBeInTheDocument();
  });
});

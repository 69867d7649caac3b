import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildActivityIndex, filterActivity, NO_FILTER } from '@/app/features/activity/activity-filter';
import { formatDateTime } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';
import { activityRequests, setOlderActivity } from '../mocks/activity-api';
import { activity, batches, courses, enrollments, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { captureDownloads } from '../utils/downloads';
import { renderApp } from '../utils/render';
import { columnHeaders, bodyRows } from '../utils/table';
import { allowConsoleError } from './setup';

const [approval, deletedPurchase, login, throttled] = activity as [
  (typeof activity)[0],
  (typeof activity)[0],
  (typeof activity)[0],
  (typeof activity)[0],
];

afterEach(() => onlineManager.setOnline(true));

/** An entry only the server holds (older than the device's window), about `recordId`. */
const olderEntry = (n: number, over: Partial<Activity> = {}): Activity => ({
  ...approval,
  _id: `61000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: `2026-0${1 + (n % 8)}-10T10:00:00.000Z`,
  summary: `Approved enrollment: older entry ${n}`,
  recordName: `older entry ${n}`,
  ...over,
});

describe('Activity screen', () => {
  it('lists the synced log newest first, with a sidebar link', async () => {
    renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');
    expect(columnHeaders()).toEqual(['When', 'Admin', 'Action', 'Kind', 'Summary']);
    expect(await screen.findByText('4 entries shown')).toBeInTheDocument();
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
    expect(await screen.findByText('1 entry shown')).toBeInTheDocument();
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

describe('Activity screen: the device window and the server', () => {
  it('online, the device entries show at once and the older ones that match follow from the server', async () => {
    setOlderActivity([
      olderEntry(1),
      olderEntry(2, { kind: 'service', summary: 'Deleted service purchase: older entry 2' }),
      ...Array.from({ length: 120 }, (_, i) => olderEntry(10 + i)),
    ]);
    const { user } = renderApp('/activity');
    expect(await screen.findByText('104 entries shown', {}, { timeout: 8000 })).toBeInTheDocument();
    // The server was asked for what lies past the device's oldest entry, nothing else.
    const first = activityRequests.at(-1)!;
    expect(Object.fromEntries(first)).toEqual({ before: activity.at(-1)!._id });
    // The next page on request.
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('126 entries shown')).toBeInTheDocument();
    expect(activityRequests.at(-1)!.get('cursor')).toBe('100');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();

    // A filter goes to the server as well (dates with the browser's time zone), and the rows follow.
    await user.click(screen.getByLabelText('Kind', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Service purchase' }));
    expect(await screen.findByText('2 entries shown')).toBeInTheDocument();
    expect(bodyRows().map((r) => r.getAttribute('aria-label'))).toEqual([
      `Open the record of: ${deletedPurchase.summary}`,
      'Open the record of: Deleted service purchase: older entry 2',
    ]);
    expect(activityRequests.at(-1)!.get('kind')).toBe('service');
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await waitFor(() => expect(activityRequests.at(-1)!.get('from')).toBe('2026-01-01'));
    expect(activityRequests.at(-1)!.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('offline, it says only the device is searched, and asks the server for nothing', async () => {
    setOlderActivity([olderEntry(1)]);
    onlineManager.setOnline(false);
    const { user } = renderApp('/activity?kind=session');
    expect(await screen.findByText(MESSAGES.activity.deviceOnly)).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('2 of 4 entries')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search activity' }), 'mallory');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(activityRequests).toHaveLength(0);
  });

  it('when the server cannot be reached, it says the same and keeps the device entries', async () => {
    allowConsoleError();
    server.use(http.get('/api/activity', () => HttpResponse.error()));
    renderApp('/activity');
    expect(await screen.findByText(MESSAGES.activity.deviceOnly, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(4);
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
    const cells = (name: string) =>
      within(within(history).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The screen's labels and formats, not the columns.
    expect(cells('Verified')).toEqual(['No', 'Yes']);
    expect(cells('Verified At')).toEqual(['—', formatDateTime('2026-11-20T12:00:00+00:00')]);
    expect(within(history).queryByText(/is_verified|verified_at/)).not.toBeInTheDocument();
  });

  it('a deleted purchase stays traceable: its last state is in its history', async () => {
    renderApp(`/services/${deletedPurchase.recordId}`);
    expect(await screen.findByRole('heading', { name: 'Service not found' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText(deletedPurchase.summary)).toBeInTheDocument();
    expect(
      within(within(history).getByRole('rowheader', { name: 'Amount' }).closest('tr')!).getAllByRole('cell')[0],
    ).toHaveTextContent('USD 120.00');
    expect(within(history).getByRole('columnheader', { name: 'Before' })).toBeInTheDocument();
    expect(within(history).queryByRole('columnheader', { name: 'After' })).not.toBeInTheDocument();
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

  it("a deleted enrollment's last state reads as its screen: labels, amounts, Yes/No, links or deleted", async () => {
    const gone = enrollments[1]!;
    setMockLists({
      enrollments: enrollments.filter((e) => e._id !== gone._id),
      activity: [
        {
          ...approval,
          _id: '60000000-0000-4000-8000-0000000000ab',
          action: 'delete',
          recordId: gone._id,
          summary: 'Deleted enrollment: José Álvarez',
          before: {
            user_id: users[1]!._id,
            course_id: courses[0]!._id,
            batch_id: '30000000-0000-4000-8000-00000000dead',
            course_slug: 'full-stack',
            amount: 12,
            amount_paid: 12,
            currency: 'USD',
            transaction_id: 'tx_991',
            payment_status: 'completed',
            is_approved: true,
            progress: 40,
            created_at: '2026-10-01T10:00:00+00:00',
          },
          after: null,
        },
        ...activity,
      ],
    });
    renderApp(`/enrollments/${gone._id}`);
    const history = await screen.findByRole('region', { name: 'History' });
    const value = (label: string) =>
      within(history).getByRole('rowheader', { name: label }).closest('tr')!.querySelector('td')!;
    expect(value('Amount')).toHaveTextContent('USD 12.00');
    expect(value('Amount Paid')).toHaveTextContent('USD 12.00');
    expect(value('Transaction ID')).toHaveTextContent('tx_991');
    expect(value('Payment Status')).toHaveTextContent('Completed');
    expect(value('Approved')).toHaveTextContent('Yes');
    expect(value('Progress')).toHaveTextContent('40%');
    expect(value('Enrollment Date')).toHaveTextContent(formatDateTime('2026-10-01T10:00:00+00:00'));
    expect(within(value('User')).getByRole('link', { name: users[1]!.name })).toHaveAttribute(
      'href',
      `/users/${users[1]!._id}`,
    );
    expect(within(value('Course')).getByRole('link', { name: courses[0]!.pageData.title })).toHaveAttribute(
      'href',
      `/courses/${courses[0]!._id}`,
    );
    expect(value('Batch')).toHaveTextContent('deleted');
    // What no screen shows is left out, and no column name is left.
    expect(within(history).queryByText(/full-stack|course_slug|amount_paid|_id/)).not.toBeInTheDocument();
    expect(batches.some((b) => b._id.endsWith('dead'))).toBe(false);
  });

  it('shows the device entries at once and fetches older ones on request', async () => {
    const record = approval.recordId!;
    setOlderActivity([olderEntry(1, { recordId: record }), olderEntry(2, { recordId: 'someone-else' })]);
    const { user } = renderApp(`/enrollments/${record}`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText(approval.summary)).toBeInTheDocument();
    expect(activityRequests).toHaveLength(0);
    await user.click(within(history).getByRole('button', { name: 'Show older entries' }));
    expect(await within(history).findByText('Approved enrollment: older entry 1')).toBeInTheDocument();
    expect(Object.fromEntries(activityRequests.at(-1)!)).toEqual({ record, before: activity.at(-1)!._id });
    expect(within(history).getByText(MESSAGES.activity.noOlder)).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(within(history).queryByText(/older entry 2/)).not.toBeInTheDocument();
  });

  it('offline, a history offers no older entries: the device holds what it can show', async () => {
    onlineManager.setOnline(false);
    renderApp(`/enrollments/${approval.recordId}`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText(approval.summary)).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
  });

  it('users and courses show their history too, or say there is none yet', async () => {
    renderApp(`/users/${users[0]!._id}`);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('No recorded changes yet.')).toBeInTheDocument();
  });
});

import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch } from '@/shared/schemas';
import { batches } from '../mocks/fixtures';
import { failure, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { setMockLists, syncReplyTo } from '../mocks/sync-api';
import { captureDownloads, csvLines } from '../utils/downloads';
import { expectDisabledOffline } from '../utils/offline';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

// Long dates are in the admin's time zone: pin one before the formatters are built.
vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

afterEach(() => onlineManager.setOnline(true));

const [winter, spring] = batches as [Batch, Batch];
const autumn: Batch = {
  _id: '30000000-0000-4000-8000-000000000003',
  batchName: 'Autumn 2026',
  startDate: '2026-09-01T00:00:00.000Z',
  endDate: '2026-12-15T00:00:00.000Z',
  isActive: false,
  createdAt: '2026-11-05T00:00:00.000Z',
  enrollmentCount: 0,
};
const cards = () => screen.getAllByRole('article');
const cardOf = (name: string) => screen.getByRole('article', { name });

describe('enrollments overview', () => {
  it('shows the header actions and the batch cards, active first with an Active badge, counts and long dates', async () => {
    // Newest first would put the inactive Autumn batch first; active ones still lead.
    setMockLists({ batches: [spring, winter, autumn] });
    renderApp('/enrollments');
    expect(await screen.findByRole('heading', { name: 'Enrollments Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start New Batch' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download All' })).toBeEnabled();

    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Winter 2026', 'Autumn 2026', 'Spring 2026']);
    expect(within(cardOf('Winter 2026')).getByText('Active')).toBeInTheDocument();
    expect(within(cardOf('Autumn 2026')).queryByText('Active')).not.toBeInTheDocument();

    const w = within(cardOf('Winter 2026'));
    expect(w.getByText('1 enrollment')).toBeInTheDocument();
    expect(w.getByText('Starts November 1, 2026')).toBeInTheDocument();
    expect(w.queryByText(/^Ends/)).not.toBeInTheDocument();
    expect(w.getByRole('link', { name: 'View Enrollments' })).toHaveAttribute(
      'href',
      `/enrollments/batch/${winter._id}`,
    );
    expect(w.getByRole('button', { name: 'Edit batch Winter 2026' })).toBeEnabled();
    expect(w.getByRole('button', { name: 'Delete batch Winter 2026' })).toBeEnabled();

    const s = within(cardOf('Spring 2026'));
    expect(s.getByText('Starts March 1, 2026')).toBeInTheDocument();
    expect(s.getByText('Ends June 30, 2026')).toBeInTheDocument();
    expect(within(cardOf('Autumn 2026')).getByText('0 enrollments')).toBeInTheDocument();
  });

  it('shows the loader while the lists load', async () => {
    server.use(
      http.get('/api/sync', async ({ request }) => {
        await delay(150);
        return HttpResponse.json(syncReplyTo(request));
      }),
    );
    renderApp('/enrollments');
    expect(await screen.findByText('Loading your data…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Enrollments Data' })).toBeInTheDocument();
  });

  it('says when the data could not be loaded', async () => {
    allowConsoleError();
    server.use(http.get('/api/sync', () => failure(500, 'Boom')));
    renderApp('/enrollments');
    // A 500 is retried once before the loader gives up.
    expect(await screen.findByText('The data could not be loaded', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('has an empty state without batches, and nothing to download without enrollments', async () => {
    setMockLists({ batches: [], enrollments: [] });
    renderApp('/enrollments');
    expect(await screen.findByText('No batches yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download All' })).toBeDisabled();
  });

  it('offline: every write control is disabled and says why; Download All still works', async () => {
    renderApp('/enrollments');
    await screen.findByRole('heading', { name: 'Enrollments Data' });
    onlineManager.setOnline(false);
    await expectDisabledOffline(() => screen.getByRole('button', { name: 'Start New Batch' }));
    expect(screen.getByRole('button', { name: 'Edit batch Winter 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete batch Spring 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download All' })).toBeEnabled();
  });

  it('Download All saves enrollments.csv with every enrollment', async () => {
    const files = captureDownloads();
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Download All' }));
    expect(files.map((f) => f.name)).toEqual(['enrollments.csv']);
    const out = await csvLines(files[0]!.text);
    expect(out[0]).toMatch(/^Name,Email,Phone,Paid Amount,/);
    expect(out.slice(1).map((l) => l.split(',')[0])).toEqual(['Ann Lee', 'José Álvarez']);
  });
});

describe('batch form', () => {
  it('will not submit without a non-blank name and a start date, or with an end before the start', async () => {
    const posted = vi.fn();
    server.use(http.post('/api/batches/start', () => (posted(), HttpResponse.json({}))));
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Start New Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Batch' }));
    expect(await within(dialog).findByText('Batch name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Start date is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Batch name/), '   ');
    await user.type(within(dialog).getByLabelText(/Start date/), '2027-01-10');
    await user.type(within(dialog).getByLabelText(/End date/), '2027-01-09');
    await user.click(within(dialog).getByRole('button', { name: 'Start Batch' }));
    expect(await within(dialog).findByText('Batch name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('End date cannot be before the start date.')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('starts a batch: Adding... while pending, then the list from the reply, newest first, and the modal closes', async () => {
    let body: unknown;
    server.use(
      http.post('/api/batches/start', async ({ request }) => {
        body = await request.json();
        await delay(100);
        const created: Batch = {
          _id: '30000000-0000-4000-8000-000000000009',
          batchName: 'Winter 2027',
          startDate: '2027-01-10T00:00:00.000Z',
          endDate: null,
          isActive: false,
          createdAt: '2026-12-01T00:00:00.000Z',
          enrollmentCount: 0,
        };
        return HttpResponse.json(
          {
            success: true,
            message: 'Batch "Winter 2027" has been started.',
            showMessage: true,
            data: created,
            allBatches: [spring, winter, created],
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Start New Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Batch' });
    expect(within(dialog).getByRole('switch', { name: /Active/ })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Batch name/), '  Winter 2027 ');
    await user.type(within(dialog).getByLabelText(/Start date/), '2027-01-10');
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start Batch' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();

    expect(await screen.findByText('Batch "Winter 2027" has been started.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      batchName: 'Winter 2027',
      startDate: '2027-01-10T00:00:00.000Z',
      endDate: null,
      isActive: false,
    });
    // Active first, then newest first: the new inactive batch leads the inactive ones.
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Winter 2026', 'Winter 2027', 'Spring 2026']);
  });

  it('edits a batch from its card: the form holds its values, Updating... while pending, the reply replaces the list', async () => {
    let body: unknown;
    server.use(
      http.put('/api/batches/update/:id', async ({ request, params }) => {
        body = await request.json();
        expect(params.id).toBe(spring._id);
        await delay(100);
        const updated = { ...spring, batchName: 'Spring 2026 Cohort', endDate: '2026-07-15T00:00:00.000Z' };
        return success('Batch has been updated.', updated, { allBatches: [updated, winter] });
      }),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Edit batch Spring 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Batch' });
    expect(within(dialog).getByLabelText(/Batch name/)).toHaveValue('Spring 2026');
    expect(within(dialog).getByLabelText(/Start date/)).toHaveValue('2026-03-01');
    expect(within(dialog).getByLabelText(/End date/)).toHaveValue('2026-06-30');
    expect(within(dialog).getByRole('switch', { name: /Active/ })).not.toBeChecked();

    const name = within(dialog).getByLabelText(/Batch name/);
    await user.clear(name);
    await user.type(name, 'Spring 2026 Cohort');
    const end = within(dialog).getByLabelText(/End date/);
    await user.clear(end);
    await user.type(end, '2026-07-15');
    await user.click(within(dialog).getByRole('button', { name: 'Update Batch' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();

    expect(await screen.findByRole('article', { name: 'Spring 2026 Cohort' })).toBeInTheDocument();
    expect(within(cardOf('Spring 2026 Cohort')).getByText('Ends July 15, 2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      batchName: 'Spring 2026 Cohort',
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-07-15T00:00:00.000Z',
      isActive: false,
      // The batch as it was shown: its version (docs/conflicts.md).
      expected: { batchName: spring.batchName, startDate: spring.startDate, endDate: spring.endDate, isActive: false },
    });
  });

  it('a failed save keeps the modal open and only logs the error; server field errors land on the fields', async () => {
    allowConsoleError();
    server.use(
      http.post('/api/batches/start', () =>
        failure(400, 'Some fields are missing or invalid. Check them and try again.', {
          batchName: 'Batch name must be at most 200 characters.',
        }),
      ),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Start New Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Batch' });
    await user.type(within(dialog).getByLabelText(/Batch name/), 'X');
    await user.type(within(dialog).getByLabelText(/Start date/), '2027-01-10');
    await user.click(within(dialog).getByRole('button', { name: 'Start Batch' }));
    expect(await within(dialog).findByText('Batch name must be at most 200 characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Batch' })).toBeEnabled();
    expect(console.error).toHaveBeenCalled();
  });
});

describe('batch deletion', () => {
  it('asks first, then deletes and says Deleted! / Batch has been deleted.', async () => {
    const empty: Batch = { ...autumn, isActive: true };
    setMockLists({ batches: [spring, winter, empty] });
    server.use(
      http.delete('/api/batches/delete/:id', ({ params }) => {
        expect(params.id).toBe(empty._id);
        return HttpResponse.json({ success: true, allBatches: [spring, winter] });
      }),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Delete batch Autumn 2026' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText("You won't be able to revert this!")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(screen.getByText('Batch has been deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Winter 2026', 'Spring 2026']),
    );
  });

  it('Cancel does nothing', async () => {
    const deleted = vi.fn();
    server.use(
      http.delete('/api/batches/delete/:id', () => (deleted(), HttpResponse.json({ success: true, allBatches: [] }))),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Delete batch Spring 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).not.toBeInTheDocument());
    expect(deleted).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(2);
  });

  it('a batch that still has enrollments stays, with the server message (409)', async () => {
    allowConsoleError();
    server.use(
      http.delete('/api/batches/delete/:id', () =>
        failure(409, 'This batch still has 1 enrollment. Move or delete it first.'),
      ),
    );
    const { user } = renderApp('/enrollments');
    await user.click(await screen.findByRole('button', { name: 'Delete batch Spring 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('This batch still has 1 enrollment. Move or delete it first.')).toBeInTheDocument();
    expect(screen.queryByText('Batch has been deleted.')).not.toBeInTheDocument();
    expect(cardOf('Spring 2026')).toBeInTheDocument();
  });
});

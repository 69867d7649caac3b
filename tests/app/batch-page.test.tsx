import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch, Enrollment } from '@/shared/schemas';
import { batches, enrollments, services } from '../mocks/fixtures';
import { failure, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { holdPulls, holdStoredList, storedCopy } from '../utils/device-copy';
import { captureDownloads, csvLines } from '../utils/downloads';
import { renderApp } from '../utils/render';
import { columnHeaders, CHECKBOX_COLUMN } from '../utils/table';

vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

afterEach(() => onlineManager.setOnline(true));

const [winter, spring] = batches as [Batch, Batch];
const [ann, jose] = enrollments as [Enrollment, Enrollment];
const row = (name: string) => screen.getByRole('row', { name: `Open enrollment of ${name}` });
const failWith500 = () => failure(500, 'Something went wrong on the server. Please try again.');

describe('batch enrollments page', () => {
  it('after a restart shows its rows as soon as the enrollments are read from the device, before the rest', async () => {
    await storedCopy();
    const release = holdStoredList('services');
    const { queryClient } = renderApp(`/enrollments/batch/${winter._id}`);
    expect(await screen.findByRole('row', { name: 'Open enrollment of Ann Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Open enrollment of José Álvarez' })).not.toBeInTheDocument();
    expect(within(row('Ann Lee')).getByText('ann.lee@example.com')).toBeInTheDocument();
    expect(queryClient.getQueryData(['services'])).toBeUndefined(); // not read from the device yet
    release();
    await waitFor(() => expect(queryClient.getQueryData(['services'])).toHaveLength(services.length));
  });

  it('is titled with the batch name and lists only its enrollments in the spec columns', async () => {
    renderApp(`/enrollments/batch/${winter._id}`);
    expect(await screen.findByRole('heading', { name: 'Winter 2026' })).toBeInTheDocument();
    expect(columnHeaders()).toEqual([CHECKBOX_COLUMN, 'Name', 'Email', 'Amount', 'Course', 'Approved', 'Actions']);
    const r = within(row('Ann Lee'));
    expect(r.getByText('ann.lee@example.com')).toBeInTheDocument();
    expect(r.getByText('USD 399.00')).toBeInTheDocument();
    expect(r.getByText('Full-Stack Web Development')).toBeInTheDocument();
    expect(r.getByText('Approved')).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Disapprove' })).toBeEnabled();
    expect(screen.queryByRole('row', { name: 'Open enrollment of José Álvarez' })).not.toBeInTheDocument();
  });

  it('shows a pending enrollment with N/A amount and an Approve button', async () => {
    renderApp(`/enrollments/batch/${spring._id}`);
    const r = within(await screen.findByRole('row', { name: 'Open enrollment of José Álvarez' }));
    expect(r.getByText('N/A')).toBeInTheDocument();
    expect(r.getByText('Pending')).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('says No enrollments found. for an empty batch, with nothing to download', async () => {
    setMockLists({ enrollments: [jose] });
    renderApp(`/enrollments/batch/${winter._id}`);
    expect(await screen.findByText('No enrollments found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('an unknown batch goes back to the overview', async () => {
    const { router } = renderApp('/enrollments/batch/30000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Enrollments Data' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/enrollments');
  });

  it('a batch newer than the device copy waits for the start-up pull instead of going back', async () => {
    await storedCopy();
    const fresh: Batch = { ...winter, _id: '30000000-0000-4000-8000-0000000000f1', batchName: 'Fresh Cohort' };
    setMockLists({ batches: [...batches, fresh] });
    const release = holdPulls();
    const { router } = renderApp(`/enrollments/batch/${fresh._id}`);
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/enrollments/batch/${fresh._id}`);
    release();
    expect(await screen.findByRole('heading', { name: 'Fresh Cohort' })).toBeInTheDocument();
  });

  it('offline, a batch the device copy does not hold goes back to the overview', async () => {
    await storedCopy();
    server.use(http.get('/api/sync', () => HttpResponse.error()));
    const { router } = renderApp('/enrollments/batch/30000000-0000-4000-8000-0000000000f1');
    expect(await screen.findByRole('heading', { name: 'Enrollments Data' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/enrollments');
  });

  it('a row click opens the enrollment; a click on a row button does not', async () => {
    const files = captureDownloads();
    const { user, router } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download enrollment of Ann Lee' }));
    expect(router.state.location.pathname).toBe(`/enrollments/batch/${winter._id}`);
    expect(files).toHaveLength(1);
    await user.click(within(row('Ann Lee')).getByText('ann.lee@example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/enrollments/${ann._id}`));
  });

  it('downloads the batch as "{batch name}.csv" and one row as "{user name}.csv"', async () => {
    const files = captureDownloads();
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await user.click(screen.getByRole('button', { name: 'Download enrollment of Ann Lee' }));
    expect(files.map((f) => f.name)).toEqual(['Winter 2026.csv', 'Ann Lee.csv']);
    for (const f of files) {
      const out = await csvLines(f.text);
      expect(out).toHaveLength(2);
      expect(out[1]).toMatch(/^Ann Lee,ann\.lee@example\.com,.*,Winter 2026$/);
    }
  });

  it('offline: Approve/Disapprove and delete are disabled, downloads still work', async () => {
    renderApp(`/enrollments/batch/${winter._id}`);
    await screen.findByRole('heading', { name: 'Winter 2026' });
    onlineManager.setOnline(false);
    await waitFor(() => expect(within(row('Ann Lee')).getByRole('button', { name: 'Disapprove' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Delete enrollment of Ann Lee' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download enrollment of Ann Lee' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });
});

describe('approve and disapprove', () => {
  /** Opens the batch, clicks the row's button and waits for `notice`. */
  const clickAndSee = async (batch: Batch, button: string, notice: string) => {
    const { user } = renderApp(`/enrollments/batch/${batch._id}`);
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
  };

  it('Approve spins and is disabled while running, then applies the server copy', async () => {
    const approved: Enrollment = { ...jose, isVerified: true, verifiedAt: '2026-12-01T10:00:00.000Z' };
    server.use(
      http.put('/api/enrollments/approve/:id', async ({ params }) => {
        expect(params.id).toBe(jose._id);
        await delay(150);
        return success('Enrollment approved.', approved);
      }),
    );
    const { user, queryClient } = renderApp(`/enrollments/batch/${spring._id}`);
    const button = await screen.findByRole('button', { name: 'Approve' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('data-loading');
    expect(await within(row('José Álvarez')).findByRole('button', { name: 'Disapprove' })).toBeEnabled();
    expect(within(row('José Álvarez')).getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Enrollment approved.')).toBeInTheDocument();
    const cached = queryClient.getQueryData<Enrollment[]>(['enrollments'])!.find((e) => e._id === jose._id);
    expect(cached).toMatchObject({ isVerified: true, verifiedAt: '2026-12-01T10:00:00.000Z' });
  });

  it('Disapprove sets it back to Pending with no verified date', async () => {
    server.use(
      http.put('/api/enrollments/dis-approve/:id', () =>
        HttpResponse.json({ success: true, data: { ...ann, isVerified: false, verifiedAt: null } }),
      ),
    );
    const { user, queryClient } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Disapprove' }));
    expect(await within(row('Ann Lee')).findByText('Pending')).toBeInTheDocument();
    expect(queryClient.getQueryData<Enrollment[]>(['enrollments'])!.find((e) => e._id === ann._id)).toMatchObject({
      isVerified: false,
      verifiedAt: null,
    });
  });

  it('a failed approve says Failed to approve enrollment. Please try again. and changes nothing', async () => {
    server.use(http.put('/api/enrollments/approve/:id', failWith500));
    await clickAndSee(spring, 'Approve', 'Failed to approve enrollment. Please try again.');
    expect(within(row('José Álvarez')).getByText('Pending')).toBeInTheDocument();
    expect(within(row('José Álvarez')).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('a reply without success true is not applied', async () => {
    server.use(
      http.put('/api/enrollments/approve/:id', () =>
        HttpResponse.json({ success: false, data: { ...jose, isVerified: true } }),
      ),
    );
    await clickAndSee(spring, 'Approve', 'Failed to approve enrollment. Please try again.');
    expect(within(row('José Álvarez')).getByText('Pending')).toBeInTheDocument();
  });

  it('a failed disapprove says Failed to disapprove enrollment. Please try again.', async () => {
    server.use(http.put('/api/enrollments/dis-approve/:id', failWith500));
    await clickAndSee(winter, 'Disapprove', 'Failed to disapprove enrollment. Please try again.');
    expect(within(row('Ann Lee')).getByText('Approved')).toBeInTheDocument();
  });
});

describe('enrollment deletion from the table', () => {
  it('asks first, then removes the row', async () => {
    server.use(
      http.delete('/api/enrollments/:id', ({ params }) =>
        success('Enrollment has been deleted.', { ...ann, _id: params.id }),
      ),
    );
    const { user, queryClient } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete enrollment of Ann Lee' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('No enrollments found.')).toBeInTheDocument();
    expect(queryClient.getQueryData<Enrollment[]>(['enrollments'])!.map((e) => e._id)).toEqual([jose._id]);
  });

  it('a failed delete says Failed to delete enrollment. Please try again. and keeps the row', async () => {
    server.use(http.delete('/api/enrollments/:id', failWith500));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete enrollment of Ann Lee' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Failed to delete enrollment. Please try again.')).toBeInTheDocument();
    expect(row('Ann Lee')).toBeInTheDocument();
  });

  it('Cancel does nothing', async () => {
    const deleted = vi.fn();
    server.use(http.delete('/api/enrollments/:id', () => (deleted(), HttpResponse.json({ success: true, data: ann }))));
    const { user } = renderApp(`/enrollments/batch/${winter._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete enrollment of Ann Lee' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).not.toBeInTheDocument());
    expect(deleted).not.toHaveBeenCalled();
    expect(row('Ann Lee')).toBeInTheDocument();
  });
});

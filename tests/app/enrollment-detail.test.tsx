import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch, Enrollment } from '@/shared/schemas';
import { batches, enrollments } from '../mocks/fixtures';
import { SITE_URL } from '../mocks/handlers';
import { failure, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { captureDownloads, csvLines } from '../utils/downloads';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';
import type { UserEvent } from '@testing-library/user-event';

vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

afterEach(() => onlineManager.setOnline(true));

const [winter] = batches as [Batch, Batch];
const [ann, jose] = enrollments as [Enrollment, Enrollment];
const section = (name: string) => within(screen.getByRole('region', { name }));
/** The value shown under a label of a section. */
const options = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
const field = (sectionName: string, label: string) =>
  section(sectionName).getByText(label).nextElementSibling?.textContent;

describe('enrollment detail', () => {
  it('shows the user, course, payment and verification sections from the populated user', async () => {
    renderApp(`/enrollments/${ann._id}`);
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 2 })).toBeInTheDocument();
    expect(field('User Overview', 'Email')).toBe('ann.lee@example.com');
    expect(field('User Overview', 'Phone')).toBe('+1 555 0101');
    expect(field('User Overview', 'Occupation')).toBe('Designer');
    expect(field('User Overview', 'Interest')).toBe('UI/UX');
    expect(field('User Overview', 'Past Experience')).toBe('Two years in agencies');
    expect(field('Course Overview', 'Title')).toBe('Full-Stack Web Development');
    expect(field('Course Overview', 'Description')).toBe('From HTML to deployment.');
    expect(field('Course Overview', 'Enrollment Date')).toBe('Nov 1, 2026');
    expect(field('Course Overview', 'Batch')).toBe('Winter 2026');
    expect(field('Course Overview', 'Available Days')).toBe('Mon, Wed, Fri');
    expect(field('Payment', 'Amount')).toBe('USD 399.00');
    expect(field('Payment', 'Currency')).toBe('USD');
    expect(field('Payment', 'Payment Method')).toBe('card');
    expect(field('Payment', 'Transaction ID')).toBe('tx_1001');
    expect(field('Verification', 'Verified')).toBe('Yes');
    expect(field('Verification', 'Verified At')).toBe('Nov 2, 2026, 12:00 PM');
    expect(screen.getByRole('button', { name: 'Disapprove' })).toBeEnabled();
  });

  it('shows N/A for missing values, falls back to the copied user details, and hides Available Days when there are none', async () => {
    renderApp(`/enrollments/${jose._id}`);
    expect(await screen.findByRole('heading', { name: 'José Álvarez', level: 2 })).toBeInTheDocument();
    expect(field('User Overview', 'Email')).toBe('jose@example.es');
    for (const label of ['Phone', 'Occupation', 'Interest', 'Past Experience'])
      expect(field('User Overview', label)).toBe('N/A');
    for (const label of ['Amount', 'Currency', 'Payment Method', 'Transaction ID'])
      expect(field('Payment', label)).toBe('N/A');
    expect(field('Verification', 'Verified')).toBe('No');
    expect(field('Verification', 'Verified At')).toBe('N/A');
    expect(section('Course Overview').queryByText('Available Days')).not.toBeInTheDocument();
  });

  it('links to the course on the public site (SITE_URL, from the server) in a new tab', async () => {
    renderApp(`/enrollments/${ann._id}`);
    const link = await screen.findByRole('link', { name: 'Go to Course' });
    expect(link).toHaveAttribute('href', `${SITE_URL}/courses/full-stack-web-development`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('with no public site address, Go to Course is disabled and says why, rather than open this app', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: { siteUrl: null } })));
    renderApp(`/enrollments/${ann._id}`);
    const button = await screen.findByRole('button', { name: 'Go to Course' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "The public site's address is not set (SITE_URL on the server), so there is no course page to open.",
    );
    expect(screen.queryByRole('link', { name: 'Go to Course' })).not.toBeInTheDocument();
  });

  it('an id that is not in the loaded list redirects to /enrollments', async () => {
    const { router } = renderApp('/enrollments/40000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Enrollments Data' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/enrollments');
  });

  it('approves from the detail and shows the server copy', async () => {
    server.use(
      http.put('/api/enrollments/approve/:id', () =>
        HttpResponse.json({
          success: true,
          data: { ...jose, isVerified: true, verifiedAt: '2026-12-01T10:00:00.000Z' },
        }),
      ),
    );
    const { user } = renderApp(`/enrollments/${jose._id}`);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(field('Verification', 'Verified')).toBe('Yes'));
    expect(field('Verification', 'Verified At')).toBe('Dec 1, 2026, 10:00 AM');
    expect(screen.getByRole('button', { name: 'Disapprove' })).toBeEnabled();
  });

  it('Mark as completed applies the server copy (completed, 100%) and the button goes away', async () => {
    server.use(
      http.put('/api/enrollments/:id/complete', ({ params }) =>
        success('Course marked as completed.', { ...ann, _id: params.id, completed: true, progress: 100 }),
      ),
    );
    const { user } = renderApp(`/enrollments/${ann._id}`);
    expect(await screen.findByText('20%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByText('100%')).toBeInTheDocument();
    expect(field('Status & Progress', 'Completed')).toBe('Yes');
    expect(screen.getByText('Course marked as completed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();
  });

  it('a failed Mark as completed says Failed to mark course as completed', async () => {
    server.use(
      http.put('/api/enrollments/:id/complete', () => failure(404, 'Enrollment not found. It may have been deleted.')),
    );
    const { user } = renderApp(`/enrollments/${ann._id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByText('Failed to mark course as completed')).toBeInTheDocument();
    expect(screen.getByText('Enrollment not found. It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
  });

  it('deletes after confirming and returns to the batch', async () => {
    server.use(http.delete('/api/enrollments/:id', () => HttpResponse.json({ success: true, data: ann })));
    const { user, router } = renderApp(`/enrollments/${ann._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/enrollments/batch/${winter._id}`));
    expect(await screen.findByText('No enrollments found.')).toBeInTheDocument();
  });

  it('downloads the enrollment as "{user name}.csv"', async () => {
    const files = captureDownloads();
    const { user } = renderApp(`/enrollments/${ann._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(files.map((f) => f.name)).toEqual(['Ann Lee.csv']);
    expect(await csvLines(files[0]!.text)).toHaveLength(2);
  });

  it('offline: Approve/Disapprove, Edit and Delete are disabled', async () => {
    renderApp(`/enrollments/${ann._id}`);
    await screen.findByRole('heading', { name: 'Ann Lee', level: 2 });
    onlineManager.setOnline(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Disapprove' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });
});

describe('enrollment edit form', () => {
  const openForm = async (id = ann._id) => {
    const utils = renderApp(`/enrollments/${id}`);
    await utils.user.click(await screen.findByRole('button', { name: 'Edit' }));
    return { ...utils, dialog: within(await screen.findByRole('dialog', { name: 'Edit Enrollment' })) };
  };
  /** Replaces a field's text, typed key by key. */
  const retype = async (user: UserEvent, field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.type(field, text);
  };

  it('holds the enrollment values and the spec options', async () => {
    const { dialog, user } = await openForm();
    expect(dialog.getByLabelText('Amount paid')).toHaveValue('USD 399.00');
    expect(dialog.getByLabelText('Progress (%)')).toHaveValue('20');
    expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    expect(dialog.getByRole('combobox', { name: 'Payment status' })).toHaveValue('completed');
    expect(dialog.getByRole('combobox', { name: 'Batch' })).toHaveValue('Winter 2026');
    expect(dialog.getByRole('switch', { name: 'Approved' })).toBeChecked();
    expect(dialog.getByRole('switch', { name: 'Completed' })).not.toBeChecked();

    await user.click(dialog.getByRole('combobox', { name: 'Currency' }));
    expect(options(await screen.findByRole('listbox', { name: 'Currency' }))).toEqual(['INR', 'USD', 'EUR', 'GBP']);
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('combobox', { name: 'Payment status' }));
    expect(options(await screen.findByRole('listbox', { name: 'Payment status' }))).toEqual([
      'pending',
      'completed',
      'failed',
    ]);
  });

  it('shows the amount paid in the currency chosen', async () => {
    const { dialog, user } = await openForm();
    await user.click(dialog.getByRole('combobox', { name: 'Currency' }));
    await user.click(
      within(await screen.findByRole('listbox', { name: 'Currency' })).getByRole('option', { name: 'INR' }),
    );
    expect(dialog.getByLabelText('Amount paid')).toHaveValue('INR 399.00');
  });

  it('refuses a negative amount and a progress outside 0 to 100 with the spec messages', async () => {
    const put = vi.fn();
    server.use(http.put('/api/enrollment/:id', () => (put(), HttpResponse.json({ success: true, data: ann }))));
    const { dialog, user } = await openForm();
    await retype(user, dialog.getByLabelText('Amount paid'), '-5');
    await retype(user, dialog.getByLabelText('Progress (%)'), '150');
    await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
    expect(await dialog.findByText('Amount paid cannot be negative.')).toBeInTheDocument();
    expect(dialog.getByText('Progress must be between 0 and 100.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('saves: Updating... while pending, then the server copy replaces the local one and the modal closes', async () => {
    let body: unknown;
    server.use(
      http.put('/api/enrollment/:id', async ({ request, params }) => {
        body = await request.json();
        await delay(150);
        return success('Enrollment has been updated.', {
          ...ann,
          _id: params.id,
          progress: 55,
          amountPaid: 350,
          paymentId: 'pay_9',
          paymentStatus: 'failed',
          certificateIssued: true,
        });
      }),
    );
    const { dialog, user } = await openForm();
    await retype(user, dialog.getByLabelText('Amount paid'), '350');
    await retype(user, dialog.getByLabelText('Progress (%)'), '55');
    await user.type(dialog.getByLabelText('Payment ID'), 'pay_9');
    await user.click(dialog.getByRole('combobox', { name: 'Payment status' }));
    await user.click(
      within(await screen.findByRole('listbox', { name: 'Payment status' })).getByRole('option', { name: 'failed' }),
    );
    await user.click(dialog.getByRole('switch', { name: 'Certificate issued' }));
    await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
    expect(await dialog.findByRole('button', { name: 'Updating...' })).toBeDisabled();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      paymentId: 'pay_9',
      amountPaid: 350,
      currency: 'USD',
      paymentStatus: 'failed',
      progress: 55,
      completed: false,
      certificateIssued: true,
      isApproved: true,
      batchId: winter._id,
      expectedUpdatedAt: ann.updatedAt,
    });
    expect(screen.getByText('55%')).toBeInTheDocument();
    expect(field('Payment', 'Payment Status')).toBe('Failed');
    expect(field('Payment', 'Payment ID')).toBe('pay_9');
    expect(field('Status & Progress', 'Certificate Issued')).toBe('Yes');
  });

  it('does not invent an amount, currency or batch the enrollment never had', async () => {
    let body: unknown;
    server.use(
      http.put(
        '/api/enrollment/:id',
        async ({ request }) => ((body = await request.json()), HttpResponse.json({ success: true, data: jose })),
      ),
    );
    const { dialog, user } = await openForm(jose._id);
    await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      paymentId: null,
      paymentStatus: 'pending',
      progress: 0,
      completed: false,
      certificateIssued: false,
      isApproved: false,
      batchId: jose.batchId,
      expectedUpdatedAt: jose.updatedAt,
    });
  });

  it('a failed update says An error occurred while updating the enrollment. and stays open', async () => {
    allowConsoleError();
    server.use(http.put('/api/enrollment/:id', () => failure(404, 'Enrollment not found. It may have been deleted.')));
    const { dialog, user } = await openForm();
    await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
    expect(await dialog.findByText('An error occurred while updating the enrollment.')).toBeInTheDocument();
    // Two messages at most: the generic toast with the server's reason, and the form's own sentence.
    expect(await screen.findByText('Enrollment not found. It may have been deleted.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update enrollment. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Enrollment' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Update Enrollment' })).toBeEnabled();
  });
});

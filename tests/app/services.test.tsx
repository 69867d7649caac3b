import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceImageUrl } from '@/app/features/services/image-url';
import type { Service } from '@/shared/schemas';
import { guestService, services } from '../mocks/fixtures';
import { SITE_URL } from '../mocks/handlers';
import { acceptDeletes, failure, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { setMockLists } from '../mocks/sync-api';
import { expectDisabledOffline } from '../utils/offline';
import {
  ANN_ACCOUNT_FIELDS,
  expectDetailFields,
  expectLoadingWhileListReloads,
  expectNotFoundLinksBack,
} from '../utils/record-screens';
import { renderApp } from '../utils/render';
import { columnHeaders, CHECKBOX_COLUMN } from '../utils/table';
import { allowConsoleError } from './setup';

const seo = services[0]!;
const rowOf = (s: Service) => `Open service ${s.serviceDetails.title} of ${s.userDetails.name}`;

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllEnvs();
});

const withServices = (list: Service[]) => setMockLists({ services: list });

/** PATCH /services/{id}/verify as the server does it: the flipped copy, with a message. */
function acceptVerify({ wait = 0 } = {}) {
  const calls: string[] = [];
  server.use(
    http.patch('/api/services/:id/verify', async ({ params }) => {
      calls.push(String(params.id));
      await delay(wait);
      const s = [seo, guestService].find((x) => x._id === params.id)!;
      const data = { ...s, isVerified: !s.isVerified, updatedAt: '2026-11-20T10:00:00.000Z' };
      return success(data.isVerified ? 'Service approved.' : 'Service disapproved.', data);
    }),
  );
  return calls;
}

describe('services table', () => {
  it('shows the columns, amount with currency and the status badges', async () => {
    withServices([seo, guestService]);
    renderApp('/services');
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(columnHeaders()).toEqual([CHECKBOX_COLUMN, 'No.', 'Service', 'Customer', 'Amount', 'Status', 'Actions']);
    const first = screen.getByRole('row', { name: rowOf(seo) });
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('SEO Audit')).toBeInTheDocument();
    expect(within(first).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(first).getByText('USD 150.00')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const second = screen.getByRole('row', { name: rowOf(guestService) });
    expect(within(second).getByText('EUR 49.00')).toBeInTheDocument();
    expect(within(second).getByText('Verified')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Disapprove' })).toBeInTheDocument();
  });

  it("says 'No services found.' when there are none", async () => {
    withServices([]);
    renderApp('/services');
    expect(await screen.findByText('No services found.')).toBeInTheDocument();
  });

  it('Approve is busy while running, then the server copy replaces the row', async () => {
    const calls = acceptVerify({ wait: 150 });
    const { user } = renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(seo) });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(row).getByRole('button', { name: /Approve/ })).toBeDisabled());
    expect(await within(row).findByRole('button', { name: 'Disapprove' })).toBeEnabled();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(await screen.findByText('Service approved.')).toBeInTheDocument();
    expect(calls).toEqual([seo._id]);
  });

  it('Disapprove turns a verified purchase back to Pending', async () => {
    withServices([guestService]);
    acceptVerify();
    const { user } = renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(guestService) });
    await user.click(within(row).getByRole('button', { name: 'Disapprove' }));
    expect(await within(row).findByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('a failed approval shows the server message and leaves the row as it was', async () => {
    allowConsoleError();
    server.use(
      http.patch('/api/services/:id/verify', () => failure(404, 'Service not found. It may have been deleted.')),
    );
    const { user } = renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(seo) });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Service not found. It may have been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Approve' })).toBeEnabled());
    expect(within(row).getByText('Pending')).toBeInTheDocument();
  });

  it('an error reply without a message shows the fallback text', async () => {
    allowConsoleError();
    server.use(
      http.patch('/api/services/:id/verify', () =>
        HttpResponse.json({ success: false, showMessage: true }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(seo) });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it("asks with 'Delete Service' and the service name, then removes the row", async () => {
    const deleted = acceptDeletes('/api/services/:id', 'Service deleted.');
    const { user } = renderApp('/services');
    await user.click(await screen.findByRole('button', { name: `Delete service SEO Audit of Ann Lee` }));
    expect(await screen.findByRole('heading', { name: 'Delete Service' })).toBeInTheDocument();
    expect(
      screen.getByText('Are you sure you want to delete SEO Audit? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No services found.')).toBeInTheDocument();
    expect(deleted).toEqual([seo._id]);
  });

  it('Cancel in the delete dialog deletes nothing', async () => {
    const deleted = acceptDeletes('/api/services/:id', 'Service deleted.');
    const { user } = renderApp('/services');
    await user.click(await screen.findByRole('button', { name: `Delete service SEO Audit of Ann Lee` }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('row', { name: rowOf(seo) })).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });

  it('offline, approve and delete are disabled and say why', async () => {
    renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(seo) });
    onlineManager.setOnline(false);
    await expectDisabledOffline(() => within(row).getByRole('button', { name: 'Approve' }));
    expect(within(row).getByRole('button', { name: 'Delete service SEO Audit of Ann Lee' })).toBeDisabled();
  });

  it('a row click opens the detail; the Approve button does not', async () => {
    acceptVerify();
    const { user, router } = renderApp('/services');
    const row = await screen.findByRole('row', { name: rowOf(seo) });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(router.state.location.pathname).toBe('/services');
    await user.click(within(row).getByText('SEO Audit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/services/${seo._id}`));
  });
});

describe('service detail', () => {
  const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('shows the purchase, the customer and the linked account', async () => {
    renderApp(`/services/${seo._id}`);
    expect(await screen.findByRole('heading', { name: 'SEO Audit' })).toBeInTheDocument();
    // The image comes from the public site the server names (SITE_URL).
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'SEO Audit' })).toHaveAttribute(
        'src',
        `${SITE_URL}/uploads/seo-audit.svg`,
      ),
    );
    expect(screen.getByText('A full technical SEO audit.')).toBeInTheDocument();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(field('Amount')).toBe('USD 150.00');
    expect(field('Payment Method')).toBe('card');
    expect(field('Transaction ID')).toBe('svc_1');
    expect(field('Created')).toMatch(/^Nov 10, 2026/);
    expect(field('Last Updated')).toMatch(/^Nov 10, 2026/);
    expect(field('Name')).toBe('Ann Lee');
    expect(screen.getByRole('link', { name: 'ann.lee@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann.lee@example.com',
    );
    expect(field('Phone')).toBe('+1 555 0101');
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expectDetailFields(field, ANN_ACCOUNT_FIELDS);
  });

  it('a guest purchase has no account block and shows N/A for what is missing', async () => {
    withServices([seo, guestService]);
    renderApp(`/services/${guestService._id}`);
    expect(await screen.findByRole('heading', { name: 'Resume Review' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account Information' })).not.toBeInTheDocument();
    expect(field('Transaction ID')).toBe('N/A');
    expect(field('Phone')).toBe('N/A');
    expect(field('Amount')).toBe('EUR 49.00');
  });

  it("shows 'Loading service details...' until the purchase is in the loaded list", () =>
    expectLoadingWhileListReloads(`/services/${seo._id}`, 'services', 'SEO Audit', 'Loading service details...'));

  it('an unknown id says so and links back', () =>
    expectNotFoundLinksBack('/services/nope', 'Service not found', /Back to services/, '/services'));

  it('Approve here updates the badge; Delete returns to the list', async () => {
    acceptVerify();
    const deleted = acceptDeletes('/api/services/:id', 'Service deleted.');
    const { user, router } = renderApp(`/services/${seo._id}`);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Disapprove' })).toBeInTheDocument();
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Service' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(deleted).toEqual([seo._id]);
  });
});

describe('serviceImageUrl', () => {
  it('prefixes the public site address; a full address stays as it is', () => {
    expect(serviceImageUrl('/uploads/seo-audit.svg', 'https://coursedesk.example')).toBe(
      'https://coursedesk.example/uploads/seo-audit.svg',
    );
    expect(serviceImageUrl('https://cdn.example/x.png', 'https://coursedesk.example')).toBe(
      'https://cdn.example/x.png',
    );
  });

  it('without a site address the path is served by this server', () => {
    expect(serviceImageUrl('/uploads/seo-audit.svg', null)).toBe('/uploads/seo-audit.svg');
  });
});

import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { computeStats } from '@/app/features/dashboard/dashboard-stats';
import { batches, courses, enrollments, services, users } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

describe('dashboard stats', () => {
  it('counts users, verified users, courses, active batches and what waits for approval', () => {
    const s = computeStats(users, courses, enrollments, batches, services);
    expect(s).toMatchObject({
      users: 3,
      verifiedUsers: 2,
      courses: 1,
      activeBatches: 1,
      pendingEnrollments: 1,
      pendingServices: 1,
    });
  });

  it('sums revenue per currency from approved enrollments and verified services, skipping missing amounts', () => {
    const verified = services.map((sv) => ({ ...sv, isVerified: true, currency: 'EUR', amount: 10.1 }));
    const s = computeStats(
      users,
      courses,
      [...enrollments, { ...enrollments[0]!, _id: 'x', amount: 0.2, currency: 'USD' }],
      batches,
      verified,
    );
    expect(s.revenue).toEqual([
      { currency: 'USD', amount: 399.2 },
      { currency: 'EUR', amount: 10.1 },
    ]);
  });
});

describe('dashboard screen', () => {
  it('shows the counts as links to act on, revenue, and the newest enrollments', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // A card's link is named by what it shows: the label, the count and the hint.
    const card = (label: string) =>
      within(screen.getByRole('main')).getByRole('link', { name: new RegExp(`^${label}`) });
    // The figures open the filtered lists: every pending enrollment across batches, the pending purchases.
    expect(card('Enrollments to approve')).toHaveAttribute('href', '/enrollments/all?status=pending');
    expect(within(card('Enrollments to approve')).getByText('1')).toBeInTheDocument();
    expect(card('Service purchases to approve')).toHaveAttribute('href', '/services?status=pending');
    expect(card('Verified users')).toHaveAttribute('href', '/users?status=verified');
    expect(within(card('Service purchases to approve')).getByText('1')).toBeInTheDocument();
    expect(card('Users')).toHaveAttribute('href', '/users');
    expect(within(card('Users')).getByText('3')).toBeInTheDocument();
    expect(within(card('Active batches')).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('USD 399.00')).toBeInTheDocument();
    // The shell: the Admin Panel title, the four links of the specification and the screens this app adds.
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Users', '/users'],
      ['Courses', '/courses'],
      ['Enrollments', '/enrollments'],
      ['Services', '/services'],
      ['Activity', '/activity'],
      ['API reference', '/api-docs'],
    ]);
    // Only the screen on show is the current one (the dashboard's "/" is a prefix of every path).
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    const newest = screen.getByRole('heading', { name: 'Newest enrollments' }).closest('div')!.parentElement!;
    expect(within(newest).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      `/enrollments/${enrollments[0]!._id}`,
    );
  });

  it('shows the loader error when the lists cannot be loaded and nothing is cached', async () => {
    allowConsoleError();
    server.use(http.get('/api/sync', () => failure(500, 'Boom')));
    renderApp('/');
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

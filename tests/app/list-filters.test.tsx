import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Enrollment, Service } from '@/shared/schemas';
import { batches, enrollments, guestService, services, users } from '../mocks/fixtures';
import { setMockLists } from '../mocks/sync-api';
import { renderApp } from '../utils/render';

const [winter, spring] = batches as [(typeof batches)[0], (typeof batches)[0]];
const [ann] = enrollments as [Enrollment, Enrollment];

/** Enrollments of the winter batch: Ann (approved, $399) and these, newest first as the server lists them. */
const more = (name: string, email: string, amount: number, verified: boolean, batchId = winter._id): Enrollment => ({
  ...ann,
  // Newer than Ann's, each by its amount in minutes: the list's order (newest first) is Zoe, Ben, Sam, Chloé.
  createdAt: `2026-11-20T12:${String(amount % 60).padStart(2, '0')}:00.000Z`,
  _id: `40000000-0000-4000-8000-0000000001${String(amount).padStart(2, '0').slice(-2)}`,
  batchId,
  userId: null,
  userDetails: { name, email, phone: null },
  amount,
  isVerified: verified,
  isApproved: verified,
});
const ZOE = more('Zoe Park', 'zoe@example.com', 59, false);
const BEN = more('Ben Ode', 'ben@example.org', 45, false);
const CHLOE = more('Chloé Roy', 'chloe@example.net', 10, true);
const SPRING_PENDING = more('Sam Spring', 'sam@example.com', 20, false, spring._id);

const names = (label: RegExp) =>
  screen.getAllByRole('row', { name: label }).map((r) => r.getAttribute('aria-label')!.replace(label, ''));
const enrollmentNames = () => names(/^Open enrollment of /);

describe('batch enrollments: search, status filter and sorting, kept in the URL (issue 23)', () => {
  it('a link with ?status=pending&sort=amount opens the filtered, sorted list; the controls change the URL', async () => {
    setMockLists({ enrollments: [ZOE, BEN, CHLOE, ...enrollments] });
    const { user, router } = renderApp(`/enrollments/batch/${winter._id}?status=pending&sort=amount`);
    await screen.findByRole('row', { name: 'Open enrollment of Ben Ode' });
    // Cheapest first, against the list's newest-first order (Zoe, then Ben).
    expect(enrollmentNames()).toEqual(['Ben Ode', 'Zoe Park']);
    expect(screen.getByText('2 of 4 enrollments')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

    // All, then sort by name: A to Z without case or accents mattering for the order of equals.
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(enrollmentNames()).toEqual(['Ann Lee', 'Ben Ode', 'Chloé Roy', 'Zoe Park']));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }));

    // The search finds by name, email, course or transaction.
    await user.type(screen.getByRole('searchbox', { name: 'Search enrollments' }), 'example.org');
    await waitFor(() => expect(enrollmentNames()).toEqual(['Ben Ode']));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'example.org', sort: 'name' }));
  });

  it('Approved keeps only the approved ones; the status sorts the pending first', async () => {
    setMockLists({ enrollments: [ZOE, BEN, CHLOE, ...enrollments] });
    const { user } = renderApp(`/enrollments/batch/${winter._id}?sort=approved`);
    await screen.findByRole('row', { name: 'Open enrollment of Ben Ode' });
    // Equal values keep the list's order (newest first).
    expect(enrollmentNames()).toEqual(['Zoe Park', 'Ben Ode', 'Chloé Roy', 'Ann Lee']);
    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    await waitFor(() => expect(enrollmentNames()).toEqual(['Chloé Roy', 'Ann Lee']));
  });

  it('an unknown status or sort in a link shows the whole list in its order', async () => {
    setMockLists({ enrollments: [ZOE, BEN, CHLOE, ...enrollments] });
    renderApp(`/enrollments/batch/${winter._id}?status=lost&sort=-nope`);
    await screen.findByRole('row', { name: 'Open enrollment of Ben Ode' });
    expect(enrollmentNames()).toEqual(['Zoe Park', 'Ben Ode', 'Chloé Roy', 'Ann Lee']);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });
});

describe('all enrollments across batches', () => {
  it('the dashboard figure opens every pending enrollment across batches, with a Batch column', async () => {
    setMockLists({ enrollments: [ZOE, SPRING_PENDING, CHLOE, ...enrollments] });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: /^Enrollments to approve/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrollments/all'));
    expect(router.state.location.search).toEqual({ status: 'pending' });
    expect(await screen.findByRole('heading', { name: 'All enrollments' })).toBeInTheDocument();
    await screen.findByRole('row', { name: 'Open enrollment of Zoe Park' });
    expect(enrollmentNames()).toEqual(['Zoe Park', 'Sam Spring', 'José Álvarez']);
    expect(within(screen.getByRole('row', { name: 'Open enrollment of Sam Spring' })).getByText(spring.batchName));
    expect(screen.getByRole('columnheader', { name: 'Batch' })).toBeInTheDocument();
    expect(screen.getByText('3 of 5 enrollments')).toBeInTheDocument();
  });

  it('the overview links its counts to it', async () => {
    setMockLists({ enrollments: [ZOE, ...enrollments] });
    renderApp('/enrollments');
    expect(await screen.findByRole('link', { name: '2 pending approval' })).toHaveAttribute(
      'href',
      '/enrollments/all?status=pending',
    );
    expect(screen.getByRole('link', { name: '3 enrollments' })).toHaveAttribute('href', '/enrollments/all');
  });
});

describe('services and users: search, status filter and sorting (issue 23)', () => {
  const cheap: Service = {
    ...services[0]!,
    _id: '50000000-0000-4000-8000-000000000009',
    serviceDetails: { ...services[0]!.serviceDetails, title: 'Logo Design' },
    userDetails: { name: 'Bo Chen', email: 'bo@example.com', phone: null },
    amount: 20,
  };
  const serviceTitles = () => names(/^Open service /).map((n) => n.replace(/ of .*$/, ''));

  it('services: ?status=pending shows the pending purchases; sorting by Amount and a search change the URL', async () => {
    setMockLists({ services: [cheap, ...services, guestService] });
    const { user, router } = renderApp('/services?status=pending');
    await screen.findByRole('row', { name: /^Open service Logo Design/ });
    expect(serviceTitles()).toEqual(['Logo Design', 'SEO Audit']);
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(serviceTitles()).toEqual(['SEO Audit', 'Logo Design']));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending', sort: '-amount' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search service purchases' }), 'lea@');
    await waitFor(() => expect(serviceTitles()).toEqual(['Resume Review']));
    expect(screen.getByText('1 of 3 purchases')).toBeInTheDocument();
  });

  it('users: Not Verified keeps the unverified; sorting by Account Created puts the oldest first', async () => {
    const { user, router } = renderApp('/users');
    await screen.findAllByRole('row', { name: /^Open user / });
    await user.click(screen.getByRole('radio', { name: 'Not Verified' }));
    await waitFor(() => expect(names(/^Open user /)).toEqual([users[1]!.name]));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Account Created' }));
    const oldestFirst = [...users].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((u) => u.name);
    expect(oldestFirst).not.toEqual(users.map((u) => u.name));
    await waitFor(() => expect(names(/^Open user /)).toEqual(oldestFirst));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'created' }));
  });
});

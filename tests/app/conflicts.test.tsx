import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '@/shared/schemas';
import { enrollments } from '../mocks/fixtures';
import { stale, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import type { UserEvent } from '@testing-library/user-event';

vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

/** The version rule on screen (docs/conflicts.md): a save or delete overtaken by another admin's change. */
const [ann] = enrollments as [Enrollment];
const CHANGED = 'Someone changed this enrollment after you opened it.';
/** Another admin set Amount paid to 777 while the form was open. */
const theirs: Enrollment = { ...ann, amountPaid: 777, updatedAt: '2026-11-20T08:00:00.000Z' };

/**
 * PUT /api/enrollment/{id}: refused as stale while it names an older version than `current`'s, otherwise saved;
 * the bodies sent, in order.
 */
function enrollmentServer(current: Enrollment) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/enrollment/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (body.expectedUpdatedAt !== current.updatedAt) return stale(CHANGED, current);
      const { expectedUpdatedAt: _v, ...fields } = body;
      return success('Enrollment has been updated.', { ...current, ...fields, updatedAt: '2026-11-21T00:00:00.000Z' });
    }),
  );
  return bodies;
}

async function openAndType(user: UserEvent, amount: string) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Enrollment' }));
  await user.clear(dialog.getByLabelText('Amount paid'));
  await user.type(dialog.getByLabelText('Amount paid'), amount);
  await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
  return dialog;
}

describe('the conflict form', () => {
  it('shows what changed, theirs beside yours, and takes their values when asked', async () => {
    const bodies = enrollmentServer(theirs);
    const { user } = renderApp(`/enrollments/${ann._id}`);
    const dialog = await openAndType(user, '555');

    const alert = await dialog.findByRole('alert');
    expect(within(alert).getByText(CHANGED)).toBeInTheDocument();
    const table = within(alert).getByRole('table', { name: CHANGED });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Field', 'Saved now (theirs)', 'Yours'],
      ['Amount paid', '777', '555'],
    ]);
    // Nothing was saved, and the form's own save waits for a choice.
    expect(dialog.getByRole('button', { name: 'Update Enrollment' })).toBeDisabled();
    expect(screen.queryByText('An error occurred while updating the enrollment.')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Take their values' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Amount paid')).toHaveValue('USD 777.00');
    await user.click(dialog.getByRole('button', { name: 'Update Enrollment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.map((b) => [b.amountPaid, b.expectedUpdatedAt])).toEqual([
      [555, ann.updatedAt],
      [777, theirs.updatedAt],
    ]);
  });

  it('saves yours over theirs on purpose, naming their version', async () => {
    const bodies = enrollmentServer(theirs);
    const { user } = renderApp(`/enrollments/${ann._id}`);
    const dialog = await openAndType(user, '555');
    await user.click(await dialog.findByRole('button', { name: 'Save mine anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.map((b) => [b.amountPaid, b.expectedUpdatedAt])).toEqual([
      [555, ann.updatedAt],
      [555, theirs.updatedAt],
    ]);
    expect(await screen.findByText('Enrollment has been updated.')).toBeInTheDocument();
  });

  it('saves again by itself when only fields the form does not edit changed (an approval)', async () => {
    const approved: Enrollment = {
      ...ann,
      isVerified: !ann.isVerified,
      verifiedAt: null,
      updatedAt: '2026-11-20T08:00:00.000Z',
    };
    const bodies = enrollmentServer(approved);
    const { user } = renderApp(`/enrollments/${ann._id}`);
    await openAndType(user, '555');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.map((b) => [b.amountPaid, b.expectedUpdatedAt])).toEqual([
      [555, ann.updatedAt],
      [555, approved.updatedAt],
    ]);
  });
});

describe('a delete of a record changed since it was shown', () => {
  it('asks again, saying so; confirmed, it deletes the record as it is now', async () => {
    const sent: unknown[] = [];
    server.use(
      http.delete('/api/enrollments/:id', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return (body as { expectedUpdatedAt: string }).expectedUpdatedAt === theirs.updatedAt
          ? HttpResponse.json({ success: true, data: theirs })
          : stale(CHANGED, theirs);
      }),
    );
    const { user, router } = renderApp(`/enrollments/${ann._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    const again = within(await screen.findByRole('dialog', { name: CHANGED }));
    expect(again.getByText('It changed since it was shown. Delete it anyway?')).toBeInTheDocument();
    await user.click(again.getByRole('button', { name: 'Yes, delete it!' }));
    // Gone: the screen leaves the enrollment for where it came from.
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/enrollments/${ann._id}`));
    expect(sent).toEqual([{ expectedUpdatedAt: ann.updatedAt }, { expectedUpdatedAt: theirs.updatedAt }]);
  });

  it('keeps the record when the admin declines the second question', async () => {
    const sent: unknown[] = [];
    server.use(
      http.delete(
        '/api/enrollments/:id',
        async ({ request }) => (sent.push(await request.json()), stale(CHANGED, theirs)),
      ),
    );
    const { user, router } = renderApp(`/enrollments/${ann._id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: CHANGED })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/enrollments/${ann._id}`);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { courses } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { fill, fillFields, openCourse } from './course-test-utils';
import { allowConsoleError } from './setup';

const course = courses[0]!;

const openTab = (tab: string, options?: { latencyMs?: number }) => openCourse(`?tab=${tab}`, options);

describe('Page Data tab', () => {
  it('shows the page fields and saves them all with Update All Data (Updating... while pending)', async () => {
    const { user, api } = await openTab('page-data', { latencyMs: 300 });
    const panel = screen.getByRole('tabpanel', { name: 'Page Data' });
    const field = (label: string) => within(panel).getByLabelText(new RegExp(`^${label}`));
    expect(field('Title')).toHaveValue('Full-Stack Web Development');
    expect(field('Slug')).toHaveValue('full-stack-web-development');
    expect(field('Description')).toHaveValue('From HTML to deployment.');
    expect(Number(field('Description').getAttribute('rows'))).toBeGreaterThanOrEqual(4);
    expect(field('Price')).toHaveValue('$499.00');
    expect(field('Discount Price')).toHaveValue('$399.00');
    expect(field('Duration')).toHaveValue('12 weeks');
    expect(field('Level')).toHaveValue('Beginner');
    expect(field('Language')).toHaveValue('English');
    expect(field('Certificate')).toHaveValue('Yes');
    expect(field('Instructor')).toHaveValue('Maya Chen');
    expect(field('Enrollment Deadline')).toHaveValue('2026-12-15');
    expect(field('Start Date')).toHaveValue('2027-01-10');

    await fill(user, field('Title'), 'Full-Stack Web Development 2027');
    await fill(user, field('Price'), '549.5');
    await fill(user, field('Discount Price'), '');
    await fill(user, field('Instructor'), 'Priya Raman');
    await user.click(within(panel).getByRole('button', { name: 'Update All Data' }));

    expect(await within(panel).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Update All Data' })).toBeEnabled());
    expect(api.calls).toEqual([
      {
        method: 'PUT',
        path: `/api/courses/${course._id}/pageData`,
        body: {
          title: 'Full-Stack Web Development 2027',
          description: 'From HTML to deployment.',
          slug: 'full-stack-web-development',
          price: 549.5,
          discountPrice: null,
          courseDetails: { ...course.pageData.courseDetails, instructor: 'Priya Raman' },
          expectedUpdatedAt: course.updatedAt,
        },
      },
    ]);
    expect(api.find(course._id).pageData.price).toBe(549.5);
    expect(await screen.findByText('Page data updated.')).toBeInTheDocument();
  });

  it('price must be a number and the slug well formed, before calling the server', async () => {
    const { user, api } = await openTab('page-data');
    const panel = screen.getByRole('tabpanel', { name: 'Page Data' });
    await fill(user, within(panel).getByLabelText(/^Price/), '');
    await fill(user, within(panel).getByLabelText(/^Slug/), 'Not A Slug');
    await user.click(within(panel).getByRole('button', { name: 'Update All Data' }));
    expect(within(panel).getByText('Price must be a number.')).toBeInTheDocument();
    expect(
      within(panel).getByText('Slug may only hold lower-case letters, digits and single dashes.'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("a slug conflict puts the server's message on the Slug field", async () => {
    allowConsoleError();
    const { user } = await openTab('page-data');
    server.use(
      http.put('/api/courses/:id/pageData', () =>
        failure(409, 'The slug "ui-ux" is already used by another course. Choose a different slug.', {
          slug: 'This slug is already in use.',
        }),
      ),
    );
    const panel = screen.getByRole('tabpanel', { name: 'Page Data' });
    await fill(user, within(panel).getByLabelText(/^Slug/), 'ui-ux');
    await user.click(within(panel).getByRole('button', { name: 'Update All Data' }));
    expect(
      await screen.findByText('The slug "ui-ux" is already used by another course. Choose a different slug.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('This slug is already in use.')).toBeInTheDocument();
    expect(within(panel).getByLabelText(/^Slug/)).toHaveValue('ui-ux');
  });
  it('shows a newer server copy (Reload Data) unless the admin has unsaved edits', async () => {
    const { user, api } = await openTab('page-data');
    const panel = screen.getByRole('tabpanel', { name: 'Page Data' });
    const serverCopy = api.find(course._id);
    serverCopy.pageData.courseDetails.level = 'Intermediate';
    api.touch(serverCopy);
    await act(() => syncEngine.resync());
    await waitFor(() => expect(within(panel).getByLabelText(/^Level/)).toHaveValue('Intermediate'));

    await fill(user, within(panel).getByLabelText(/^Instructor/), 'Unsaved Name');
    serverCopy.pageData.courseDetails.level = 'Advanced';
    api.touch(serverCopy);
    await act(() => syncEngine.resync());
    expect(within(panel).getByLabelText(/^Level/)).toHaveValue('Intermediate');
    expect(within(panel).getByLabelText(/^Instructor/)).toHaveValue('Unsaved Name');
  });
});

describe('Learn tab', () => {
  it('edits, adds and removes learning points and saves them with Update', async () => {
    const { user, api } = await openTab('learn', { latencyMs: 300 });
    const panel = screen.getByRole('tabpanel', { name: 'Learn' });
    expect(within(panel).getByLabelText('Learning point 1')).toHaveValue('Build REST APIs');
    expect(within(panel).getByLabelText('Learning point 2')).toHaveValue('Deploy to the cloud');
    // Multi-line, so a long point reads whole on a phone.
    expect(within(panel).getByLabelText('Learning point 1').tagName).toBe('TEXTAREA');

    await fill(user, within(panel).getByLabelText('Learning point 1'), 'Design REST APIs');
    await user.click(within(panel).getByRole('button', { name: 'Add point' }));
    expect(within(panel).getByLabelText('Learning point 3')).toHaveFocus();
    await user.paste('Write tests');
    await user.click(within(panel).getByRole('button', { name: 'Remove learning point 2' }));
    await user.click(within(panel).getByRole('button', { name: 'Update' }));

    expect(await within(panel).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Update' })).toBeEnabled());
    expect(api.calls).toEqual([
      {
        method: 'PUT',
        path: `/api/courses/${course._id}/what-you-will-learn`,
        body: { whatYouWillLearn: ['Design REST APIs', 'Write tests'], expectedUpdatedAt: course.updatedAt },
      },
    ]);
    expect(api.find(course._id).pageData.whatYouWillLearn).toEqual(['Design REST APIs', 'Write tests']);
  });

  it('every learning point is required', async () => {
    const { user, api } = await openTab('learn');
    const panel = screen.getByRole('tabpanel', { name: 'Learn' });
    await user.click(within(panel).getByRole('button', { name: 'Add point' }));
    await user.click(within(panel).getByRole('button', { name: 'Update' }));
    expect(within(panel).getByText('Each learning point is required.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Learning point 3')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });
});

describe('Syllabus form', () => {
  it('never changes the week typed: 0 and -2 stay as typed and get the field error', async () => {
    const { user, api } = await openTab('syllabus');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: '+ Add Syllabus' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Syllabus' }));
    await fillFields(user, dialog, { Topic: 'Wrap-up', Details: 'Review.' });
    for (const week of ['0', '-2']) {
      await fill(user, dialog.getByLabelText(/Week Number/), week);
      await user.click(dialog.getByRole('button', { name: 'Add Syllabus' }));
      expect(dialog.getByLabelText(/Week Number/)).toHaveValue(week);
      expect(dialog.getByText('Week must be at least 1.')).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
  });
});

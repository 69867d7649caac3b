import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { courses } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { fillFields, openCourse } from './course-test-utils';
import { allowConsoleError } from './setup';

const fullStack = courses[0]!;

/** The course's card is edited beside its page (issue 23): the grid, the banner and the palette follow it. */
describe('edit card', () => {
  it('starts with the card, sends it with Update Card and shows the new title and price everywhere', async () => {
    const { user, api, router } = await openCourse('', { latencyMs: 200 });
    const banner = screen.getByRole('heading', { level: 1 }).closest<HTMLElement>('.mantine-Paper-root')!;
    // Card and page agree: the banner says what it is, and nothing about the page.
    expect(within(banner).getByText('The course list and the public catalogue show this card.')).toBeInTheDocument();
    expect(within(banner).queryByText(/The course page shows/)).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Edit card' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Course Card' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue(fullStack.cardData.title);
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue('$499.00');
    expect(within(dialog).getByLabelText('Reviews')).toHaveValue('128');
    await fillFields(user, within(dialog), { Title: 'Full-Stack Web Development, Live', Price: '349' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Card' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.calls).toEqual([
      {
        method: 'PUT',
        path: `/api/courses/${fullStack._id}/card`,
        body: {
          ...fullStack.cardData,
          title: 'Full-Stack Web Development, Live',
          price: 349,
          expectedUpdatedAt: fullStack.updatedAt,
        },
      },
    ]);
    expect(await screen.findByText('Course card updated.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Full-Stack Web Development, Live');
    expect(within(banner).getByText('$349.00')).toBeInTheDocument();
    // Now they differ: the banner and the Page Data tab say which shows what.
    expect(
      within(banner).getByText('The course page shows “Full-Stack Web Development” at $499.00 (Page Data tab).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "The course page's own title and price. The card in the course list shows “Full-Stack Web Development, Live” at $349.00.",
      ),
    ).toBeInTheDocument();

    await router.navigate({ to: '/courses' });
    const card = await screen.findByRole('article', { name: 'Full-Stack Web Development, Live' });
    expect(within(card).getByText('$349.00')).toBeInTheDocument();
  });

  it("validates with the card schema and keeps the server's field errors on the form", async () => {
    allowConsoleError();
    const { user, api } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Edit card' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Course Card' });
    await fillFields(user, within(dialog), { Title: '', Rating: '7' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Card' }));
    expect(within(dialog).getByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Rating must be between 0 and 5.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Rating')).toHaveValue('7');
    expect(api.calls).toHaveLength(0);

    server.use(
      http.put('/api/courses/:id/card', () =>
        failure(400, 'Some fields are missing or invalid. Check them and try again.', {
          image: 'Image must be at most 2000 characters.',
        }),
      ),
    );
    await fillFields(user, within(dialog), { Title: 'Fine', Rating: '4' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Card' }));
    expect(await within(dialog).findByText('Image must be at most 2000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Course Card' })).toBeInTheDocument();
  });
});

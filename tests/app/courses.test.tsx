import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/app/lib/api-client';
import { DEFAULT_COURSE_IMAGE } from '@/shared/constants';
import { createCourseApi, emptyCourse } from '../mocks/course-api';
import { courses } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { failListReads, setMockLists, slowListReads } from '../mocks/sync-api';
import { renderApp } from '../utils/render';
import { fillFields, submitAdding } from './course-test-utils';
import { allowConsoleError } from './setup';

const [fullStack] = courses as [(typeof courses)[number]];

function setup({ latencyMs = 0 } = {}) {
  const api = createCourseApi({ latencyMs });
  server.use(...api.handlers);
  return { api, ...renderApp('/courses') };
}

const card = (title: string) => screen.getByRole('article', { name: title });

// The first render of a file loads the app's lazy route chunks; give it time on a busy machine.
afterEach(() => onlineManager.setOnline(true));

describe('course list', () => {
  it('shows a heading and one card per course with image, title, clamped description, price, rating and reviews', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Courses', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    const c = card('Full-Stack Web Development');
    expect(c.querySelector('img')).toHaveAttribute('src', '/images/courses/full-stack-web-development.svg');
    const description = within(c).getByText(fullStack.cardData.description);
    expect(description).toHaveAttribute('data-line-clamp', 'true');
    expect(description.style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(within(c).getByText('$499.00')).toBeInTheDocument();
    expect(within(c).getByText('4.7')).toBeInTheDocument();
    expect(within(c).getByText('(128 reviews)')).toBeInTheDocument();
    expect(within(card('UI/UX Design Fundamentals')).getByText('(1 review)')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'More Info about Full-Stack Web Development' })).toHaveAttribute(
      'href',
      `/courses/${fullStack._id}`,
    );
  });

  it('More Info opens the course detail', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('link', { name: 'More Info about UI/UX Design Fundamentals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/courses/${emptyCourse._id}`));
    expect(await screen.findByRole('heading', { name: 'UI/UX Design Fundamentals', level: 1 })).toBeInTheDocument();
  });

  it('says so when there are no courses', async () => {
    setMockLists({ courses: [] });
    renderApp('/courses');
    expect(await screen.findByText('No courses found.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows placeholders while the list is loading', async () => {
    const { queryClient } = setup();
    await screen.findAllByRole('article');
    slowListReads();
    act(() => void queryClient.resetQueries({ queryKey: ['courses'] }));
    expect(await screen.findByLabelText('Loading courses')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    allowConsoleError();
    const { user, queryClient } = setup();
    await screen.findAllByRole('article');
    const failing = failListReads(
      new ApiError('http', 500, { success: false, message: 'Database down', showMessage: true }, 'Database down'),
    );
    act(() => void queryClient.resetQueries({ queryKey: ['courses'] }));
    expect(await screen.findByText('The courses could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument(); // the generic error toast

    failing.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Full-Stack Web Development' })).toBeInTheDocument();
  });

  it('offline, every write button is disabled and says why; More Info still works', async () => {
    setup();
    await screen.findAllByRole('article');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('button', { name: '+ Add Course' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete course Full-Stack Web Development' })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Delete course Full-Stack Web Development' }),
    ).toHaveAccessibleDescription('You are offline. Changes need a connection.');
    expect(screen.getByRole('link', { name: 'More Info about Full-Stack Web Development' })).toBeEnabled();
  });
});

/** The Add Course form filled with a valid card. */
const NEW_CARD = {
  Image: '/images/courses/cloud-devops.svg',
  Title: 'Cloud Basics',
  Description: 'Servers without tears.',
  Rating: '4.2',
  Reviews: '37',
  Price: '149.5',
};

describe('add course', () => {
  it('validates with the shared card schema before calling the server; only title, description and price are required', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Course' }));
    for (const text of ['Title is required.', 'Description is required.', 'Price must be a number.']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    for (const text of ['Image is required.', 'Rating must be a number.', 'Reviews must be a number.'])
      expect(within(dialog).queryByText(text)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Description/)).toHaveAttribute('rows', '4');
    expect(api.calls).toHaveLength(0);
  });

  it('asks for no made-up numbers: blank rating and reviews send 0, and the card says "No reviews yet"', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    // No placeholder that looks like a value.
    expect(within(dialog).getByLabelText('Rating')).not.toHaveAttribute('placeholder');
    expect(within(dialog).getByLabelText('Reviews')).not.toHaveAttribute('placeholder');
    // The preview shows the neutral default picture until a path is typed, then that picture.
    const preview = () => dialog.querySelector('img');
    expect(preview()).toHaveAttribute('src', DEFAULT_COURSE_IMAGE);
    expect(within(dialog).getByText('The neutral default picture')).toBeInTheDocument();
    await fillFields(user, within(dialog), { Title: 'Fresh', Description: 'Brand new.', Price: '10' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Course' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Course' })).not.toBeInTheDocument());
    expect(api.calls[0]?.body).toEqual({
      image: DEFAULT_COURSE_IMAGE,
      title: 'Fresh',
      description: 'Brand new.',
      rating: 0,
      reviews: 0,
      price: 10,
    });
    const added = card('Fresh');
    expect(within(added).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(added).queryByText('0.0')).not.toBeInTheDocument();
    expect(added.querySelector('img')).toHaveAttribute('src', DEFAULT_COURSE_IMAGE);
  });

  it('previews the typed picture', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    await fillFields(user, within(dialog), { Image: '/images/courses/cloud-devops.svg' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/images/courses/cloud-devops.svg');
    expect(within(dialog).queryByText('The neutral default picture')).not.toBeInTheDocument();
  });

  it('never changes what the admin typed: out-of-range numbers keep their value and get a field error', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    await fillFields(user, within(dialog), { Rating: '9', Reviews: '-5', Price: '-10' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Course' }));
    expect(within(dialog).getByLabelText(/Rating/)).toHaveValue('9');
    expect(within(dialog).getByLabelText(/Reviews/)).toHaveValue('-5');
    expect(within(dialog).getByLabelText(/Price/)).toHaveValue('-$10.00');
    for (const text of ['Rating must be between 0 and 5.', 'Reviews cannot be negative.', 'Price cannot be negative.'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends numbers, shows Adding... while pending, closes, adds the card and starts empty next time', async () => {
    const { user, api } = setup({ latencyMs: 300 });
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    await fillFields(user, within(dialog), NEW_CARD);
    await submitAdding(user, dialog, 'Add Course');
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/courses/card',
        body: {
          image: '/images/courses/cloud-devops.svg',
          title: 'Cloud Basics',
          description: 'Servers without tears.',
          rating: 4.2,
          reviews: 37,
          price: 149.5,
        },
      },
    ]);
    const added = card('Cloud Basics');
    expect(within(added).getByText('$149.50')).toBeInTheDocument();
    expect(screen.getAllByRole('article').at(-1)).toBe(added);
    expect(await screen.findByText('Course added.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Course' }));
    const again = screen.getByRole('dialog', { name: 'Add Course' });
    expect(within(again).getByLabelText(/Title/)).toHaveValue('');
    expect(within(again).getByLabelText(/Price/)).toHaveValue('');
  });

  it('stays open with the server error when adding fails', async () => {
    allowConsoleError();
    const { user } = setup();
    server.use(
      http.post('/api/courses/card', () =>
        failure(400, 'Some fields are missing or invalid. Check them and try again.', { image: 'Image is too long.' }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: '+ Add Course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    await fillFields(user, within(dialog), NEW_CARD);
    await user.click(within(dialog).getByRole('button', { name: 'Add Course' }));

    expect(
      await screen.findByText('Some fields are missing or invalid. Check them and try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Image is too long.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Course' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Add Course' })).toBeInTheDocument();
  });
});

describe('delete course', () => {
  it('asks first, then removes the card and shows the notice', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete course Full-Stack Web Development' }));
    expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.getByText("You won't be able to revert this!")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByRole('heading', { name: 'Deleted!' })).toBeInTheDocument();
    expect(screen.getByText('Your course has been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Full-Stack Web Development' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([
      { method: 'DELETE', path: `/api/courses/${fullStack._id}`, body: { expectedUpdatedAt: fullStack.updatedAt } },
    ]);
  });

  it('Cancel does nothing', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete course Full-Stack Web Development' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Are you sure?' })).not.toBeInTheDocument());
    expect(card('Full-Stack Web Development')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('a failed delete keeps the card and shows the error notice', async () => {
    allowConsoleError();
    const { user } = setup();
    server.use(http.delete('/api/courses/:id', () => failure(404, 'Course not found. It may have been deleted.')));
    await user.click(await screen.findByRole('button', { name: 'Delete course Full-Stack Web Development' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('heading', { name: 'Error!' })).toBeInTheDocument();
    expect(screen.getByText('There was an error deleting the course.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(card('Full-Stack Web Development')).toBeInTheDocument());
  });
});

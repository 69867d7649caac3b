import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { slowListReads } from '../mocks/sync-api';
import { renderApp } from './render';

/**
 * A record screen shows its loading text while its list is read again (the list takes a moment to come),
 * then the record again: `heading` names it.
 */
export async function expectLoadingWhileListReloads(path: string, list: string, heading: string, loading: string) {
  const { queryClient } = renderApp(path);
  await screen.findByRole('heading', { name: heading });
  slowListReads(150);
  void queryClient.resetQueries({ queryKey: [list] });
  expect(await screen.findByText(loading)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
}

/** A record screen for an id its list does not hold says so (`notFound`), and its back link returns to the list. */
export async function expectNotFoundLinksBack(path: string, notFound: string, back: RegExp, listPath: string) {
  const { user, router } = renderApp(path);
  expect(await screen.findByRole('heading', { name: notFound })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: back }));
  await waitFor(() => expect(router.state.location.pathname).toBe(listPath));
}

/** How the fixtures' Ann Lee's account reads, on her profile and on her purchases: label, then value. */
export const ANN_ACCOUNT_FIELDS = {
  Occupation: 'Designer',
  Age: '29',
  'Past Experience': 'Two years in agencies',
  Interest: 'UI/UX',
  'Contact Number': '+1 555 0101',
  'Account Created': 'Oct 1, 2026',
};

/** Each detail field reads as expected (`read` gives a label's value), checked one by one. */
export function expectDetailFields(
  read: (label: string) => string | null | undefined,
  expected: Record<string, string>,
) {
  for (const [label, value] of Object.entries(expected)) expect(read(label), label).toBe(value);
}

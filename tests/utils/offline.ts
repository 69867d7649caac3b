import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Once offline, a write button is disabled and its accessible description says why. */
export async function expectDisabledOffline(button: () => HTMLElement) {
  await waitFor(() => expect(button()).toBeDisabled());
  expect(button()).toHaveAttribute('aria-description', 'You are offline. Changes need a connection.');
}

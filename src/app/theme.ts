import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '../shared/constants';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});

/** The theme choice is saved under the key "theme" (spec 1), dark by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

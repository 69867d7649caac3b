import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { STORAGE_KEYS } from '@/shared/constants';

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo-7 keeps white button labels and links on white at 4.5:1 or more (WCAG AA); indigo-6 is 4.3.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Plain objects, not `NumberInput.extend(...)`: importing the components here would put them (and their
  // dependencies) in the login screen's first load.
  components: {
    // A form never changes what the admin typed: a number out of range (or negative where it may not be) keeps
    // its value and gets the schema's field error, instead of being clamped on blur.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // A choice made is changed by choosing another; a filter that may be empty says `clearable`.
    Select: { defaultProps: { allowDeselect: false } },
  },
});

/**
 * Mantine's dimmed text and the text of its light badges fall under the 4.5:1 contrast of WCAG AA
 * (dimmed: 3.3 on white, 3.5 on dark cards; a green badge: 3.8). These keep the look and pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-teal-light-color': '#06664a',
    '--mantine-color-yellow-light-color': '#9c4f00',
    '--mantine-color-orange-light-color': '#a8360a',
    // Light red buttons (Delete user) at 5:1 or more on their tint, hovered too (red-6 is 3.3, red-9 3.7 hovered).
    '--mantine-color-red-light-color': '#a51d1d',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    // Subtle and light red (every Delete) reads red on dark cards as in the light theme, and stays above 4.5:1
    // on the hovered tint too (red-4 fell to 4.2 there, e.g. under the finger that opened a profile on a phone).
    '--mantine-color-red-light-color': 'var(--mantine-color-red-3)',
  },
});

/** The theme choice is saved under the key "theme", dark by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

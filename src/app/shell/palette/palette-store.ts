import { createSpotlight } from '@mantine/spotlight';

/** The palette's own store: the shortcut, the header button and the sidebar entry open it. */
export const [paletteStore, palette] = createSpotlight();

/** Ctrl/Cmd+K, as Mantine Spotlight writes it. */
export const PALETTE_SHORTCUT = 'mod + K';

import { useSpotlight } from '@mantine/spotlight';
import { lazy, Suspense, useState } from 'react';
import { paletteStore } from './palette-store';

/** Spotlight and the palette's search load the first time it is opened, not with the first screen. */
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

/** Mounts the palette once it has been asked for, and keeps it (its closing transition, its Reload Data overlay). */
export function PaletteMount() {
  const { opened } = useSpotlight(paletteStore);
  const [asked, setAsked] = useState(false);
  if (opened && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}

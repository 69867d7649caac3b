import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * @floating-ui/react's `useMergeRefs` (one callback ref that sets every ref of an array), made of @mantine/hooks'
 * useMergedRef. The build answers Mantine's ScrollArea's import of @floating-ui/react with this module
 * (vite.config.ts): the one hook it takes from there otherwise brought all of floating-ui, about 13 KB gzip of
 * tooltip and popover positioning, into the first load of every screen with a table (Table.ScrollContainer).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}

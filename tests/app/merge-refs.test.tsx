import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from '@/app/lib/merge-refs';

/** The hook the build gives Mantine's ScrollArea instead of floating-ui's (vite.config.ts): the same behaviour. */
describe('useMergeRefs', () => {
  function Viewport({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
    return <div data-testid="viewport" ref={useMergeRefs(refs)} />;
  }

  it('sets every ref of the array to the element, and clears them when it leaves', () => {
    const object = createRef<HTMLDivElement>();
    const seen: (HTMLDivElement | null)[] = [];
    const { getByTestId, unmount } = render(<Viewport refs={[object, undefined, (el) => void seen.push(el)]} />);
    const element = getByTestId('viewport');
    expect(object.current).toBe(element);
    expect(seen).toEqual([element]);
    unmount();
    expect(object.current).toBeNull();
    expect(seen).toEqual([element, null]);
  });
});

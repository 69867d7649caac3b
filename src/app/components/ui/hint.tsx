import { useMergedRef } from '@mantine/hooks';
import { cloneElement, lazy, Suspense, useRef, useState, type MouseEvent, type ReactElement, type Ref } from 'react';

/**
 * Mantine's Tooltip positions itself with floating-ui (about 15 KB gzip with the tooltip): it loads the first time
 * the pointer rests on a hint, not with the first screen (docs/benchmarks.md, the first loads).
 */
const HintTooltip = lazy(() => import('./hint-tooltip'));

type Target = ReactElement<{
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
}>;

/**
 * A tooltip on hover, as Mantine's `<Tooltip label>` around one element. Its element is drawn as it is (never
 * wrapped or mounted again, so focus and state stay); the tooltip is attached to it once the pointer first comes,
 * and opens at once if the pointer is still there.
 */
export function Hint({ label, children }: { label: string; children: Target }) {
  const target = useRef<HTMLElement>(null);
  const ref = useMergedRef(target, children.props.ref);
  const [asked, setAsked] = useState(false);
  const [hovered, setHovered] = useState(false);
  const element = cloneElement(children, {
    ref,
    onMouseEnter: (event) => {
      children.props.onMouseEnter?.(event);
      setAsked(true);
      setHovered(true);
    },
    onMouseLeave: (event) => {
      children.props.onMouseLeave?.(event);
      setHovered(false);
    },
  });
  return (
    <>
      {element}
      {asked ? (
        <Suspense fallback={null}>
          <HintTooltip target={target} label={label} defaultOpened={hovered} />
        </Suspense>
      ) : null}
    </>
  );
}

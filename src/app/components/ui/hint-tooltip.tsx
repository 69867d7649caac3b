import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

/** Hint's tooltip, in a chunk of its own with floating-ui: attached to an element already drawn (`target`). */
export default function HintTooltip(props: {
  target: RefObject<HTMLElement | null>;
  label: string;
  defaultOpened: boolean;
}) {
  return <Tooltip {...props} />;
}

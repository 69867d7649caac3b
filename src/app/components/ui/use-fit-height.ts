import { useLayoutEffect, useState, type RefObject } from 'react';

/** Room kept under a table: the screen's own bottom padding. */
const BOTTOM_GAP_PX = 16;
/** A table never shrinks below this (a short phone in landscape): then the page scrolls a little too. */
const MIN_HEIGHT_PX = 240;

/**
 * How tall a scroll box may be so that it ends at the bottom of the window when the page is at its top: one
 * scroll (the box's), no page scroll under it and no fixed box leaving blank space. At most `cap` (the users
 * table's 900px). Measured again when the window or anything above the box changes size.
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, cap = Infinity): number {
  const [height, setHeight] = useState(() => Math.min(cap, 640));
  useLayoutEffect(() => {
    const fit = () => {
      const box = ref.current;
      if (!box) return;
      const top = box.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.min(cap, Math.max(MIN_HEIGHT_PX, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX))));
    };
    fit();
    // The page above the box (a bulk bar, a filter row that wraps) changes the body's size.
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [ref, cap]);
  return height;
}

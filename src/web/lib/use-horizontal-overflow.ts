import { useEffect, useState, type RefObject } from 'react';

export interface HorizontalOverflow {
  /** The content is wider than the box: it scrolls sideways. */
  overflows: boolean;
  /** More content to the left / to the right of what is shown. */
  moreLeft: boolean;
  moreRight: boolean;
}

const NONE: HorizontalOverflow = { overflows: false, moreLeft: false, moreRight: false };
const same = (a: HorizontalOverflow, b: HorizontalOverflow) =>
  a.overflows === b.overflows && a.moreLeft === b.moreLeft && a.moreRight === b.moreRight;

/**
 * Whether a scroll box's content is wider than the box and which edges hide some of it, kept up to date on
 * scroll and resize: the cue for edge fades and a hint (docs/decisions/026-admin-tickets-on-phones.md).
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): HorizontalOverflow {
  const [state, setState] = useState(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      // 1 px of slack: zoomed pages round widths
      const next =
        hidden > 1
          ? { overflows: true, moreLeft: box.scrollLeft > 1, moreRight: box.scrollLeft < hidden - 1 }
          : NONE;
      setState((current) => (same(current, next) ? current : next));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return state;
}

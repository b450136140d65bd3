import { useCallback, useEffect, useState, type RefObject } from 'react';
import { WIDGET_LAYOUT } from '@shared/widget-messages';

interface RowEdges {
  /** Cards hidden to the left. */
  back: boolean;
  /** Cards hidden to the right. */
  forward: boolean;
}

/**
 * The widget's row of cards (docs/product/widget.md#widget-page): whether cards lie beyond either edge, and a page
 * of cards back or forward for the buttons under it (touch and trackpads scroll it themselves).
 */
export function useWidgetRow(row: RefObject<HTMLElement | null>, cards: number) {
  const [edges, setEdges] = useState<RowEdges>({ back: false, forward: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const back = element.scrollLeft > 1;
      const forward = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((last) => (last.back === back && last.forward === forward ? last : { back, forward }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [row, cards]);

  const page = useCallback(
    (direction: 1 | -1) => {
      const element = row.current;
      if (!element) return;
      const card = element.querySelector('li')?.getBoundingClientRect().width ?? WIDGET_LAYOUT.cardWidthPx;
      const step = card + WIDGET_LAYOUT.gapPx;
      const whole = Math.max(1, Math.floor((element.clientWidth + WIDGET_LAYOUT.gapPx) / step));
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      element.scrollBy({ left: direction * whole * step, behavior: still ? 'auto' : 'smooth' });
    },
    [row],
  );
  return { ...edges, page };
}

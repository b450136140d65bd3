import { useEffect, useRef, useState } from 'react';

/**
 * The width of a box in CSS pixels, kept up to date on resize, so an SVG is drawn at its real size and its
 * text stays legible on a phone instead of shrinking with a viewBox. `fallback` until measured (and in jsdom).
 */
export function useWidth<T extends HTMLElement>(fallback = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.round(box.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

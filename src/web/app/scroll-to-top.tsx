import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The page scrolls to the top on every path change, not on query or hash changes
 * (docs/product/site.md#feedback). Not on the first path: the browser places a page it loads itself, and a
 * server-rendered page may already have been scrolled (or sent to its #anchor) when it hydrates
 * (docs/architecture.md#server-rendering).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The page scrolls to the top on every path change, not on query or hash changes
 * (docs/product/site.md#feedback).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { loadOnce } from '@web/lib/lazy-part';

export interface LazyPage {
  /** The page, behind a spinner until its code has arrived. */
  Page: ComponentType;
  /** Loads the page's code; the server and the browser call it before rendering a server-rendered page. */
  preload(): Promise<unknown>;
}

/**
 * A page in its own chunk: rarely visited pages stay out of the first download. Once `preload` has resolved,
 * the page renders without a Suspense boundary (the server's render and the hydration both preload first):
 * React would hydrate a boundary in a later pass of its own, after the commit that hands over what the visitor
 * typed before (docs/architecture.md#server-rendering). Each mounted page keeps the shape it started with, so
 * a page shown behind the spinner is not mounted anew when its code arrives.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  const { preload, loaded, Lazy: Suspending } = loadOnce(load);
  function Page() {
    const [Loaded] = useState(loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Suspending />
      </Suspense>
    );
  }
  return { Page, preload };
}

/** The route's data for preloading: react-router keeps `handle` as it is. */
export interface RouteHandle {
  preload?: () => Promise<unknown>;
}

/** A route element wrapped by guards (coming-soon gate, sign-in), e.g. `wrapped(page, gated)`. */
export const wrapped = (page: LazyPage, wrap?: (element: ReactNode) => ReactNode) => ({
  element: wrap ? wrap(<page.Page />) : <page.Page />,
  handle: { preload: page.preload } satisfies RouteHandle,
});

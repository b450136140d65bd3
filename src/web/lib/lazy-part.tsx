import {
  lazy,
  memo,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { takeOverEarlyInput } from './early-input';

const loaders = new Set<() => Promise<unknown>>();

/**
 * Code loaded once, on demand: `preload` starts (or joins) the download, `loaded()` has the component once it
 * arrived, `Lazy` is the same for React.lazy. Lazy pages (app/lazy-page.tsx) and lazy parts share it.
 */
export function loadOnce<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  return { preload, loaded: () => loaded, Lazy: lazy(preload) };
}

/**
 * A part of a page below the fold or behind an interaction, in its own chunk (docs/architecture.md#server-rendering).
 * The server's render waits for it, so its HTML is in the first answer; the browser leaves that HTML as it is and
 * hydrates the part when its code has arrived (React's selective hydration), after the rest of the page already
 * answers. Until then the part counts as not taken over: public/theme-init.js holds what is submitted or tapped
 * in it (`data-lazy-part` without `data-live`), and the part's own hydrating commit hands it over with what was
 * typed (lib/early-input.ts).
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const { preload, loaded, Lazy } = loadOnce(load);
  loaders.add(preload);

  function Live({ part, children }: { part: React.RefObject<HTMLDivElement | null>; children: ReactNode }) {
    useLayoutEffect(() => {
      const element = part.current;
      if (!element) return;
      element.setAttribute('data-live', '');
      takeOverEarlyInput(element);
    }, [part]);
    return children;
  }

  // memo: a re-render of the page around it must not reach a part React has not hydrated yet; React would
  // render such a part anew (its fallback, the server's HTML gone) rather than wait for its code
  return memo(function Part(props: Props) {
    const part = useRef<HTMLDivElement>(null);
    // the shape an instance started with stays: a part shown behind its fallback is not mounted anew later
    const [Loaded] = useState(loaded);
    return (
      <div ref={part} data-lazy-part="" className="contents">
        <Suspense fallback={fallback}>
          <Live part={part}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Live>
        </Suspense>
      </div>
    );
  }) as unknown as ComponentType<Props>;
}

/** Loads every lazy part's code (the client's tests, which render pages on a server renderer without waiting). */
export const preloadLazyParts = () => Promise.all([...loaders].map((preload) => preload()));

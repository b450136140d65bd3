import { useEffect, useState } from 'react';
import { useTheme } from '@web/lib/theme';
import { loadSonner, markToasterMounted, toastRequested } from '@web/lib/toast';

type ToasterComponent = Awaited<ReturnType<typeof loadSonner>>['Toaster'];

/** Waits for an idle moment of the browser (a timeout where it has no `requestIdleCallback`). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2_000);
  return () => window.clearTimeout(id);
}

/**
 * sonner's Toaster, fetched when the page is idle or at the first toast, whichever comes first; it is not
 * part of the page's first download and not in the server's HTML (`@web/lib/toast` holds toasts back until
 * it has mounted).
 */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    let active = true;
    const load = () =>
      void loadSonner().then(
        (sonner) => active && setToaster(() => sonner.Toaster),
        () => undefined, // offline: the first toast, if still to come, tries again
      );
    const cancelIdle = whenIdle(load);
    void toastRequested.then(load);
    return () => {
      active = false;
      cancelIdle();
    };
  }, []);
  return Toaster ? <ThemedToaster Toaster={Toaster} /> : null;
}

function ThemedToaster({ Toaster }: { Toaster: ToasterComponent }) {
  const { resolved } = useTheme();
  // The Toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(() => markToasterMounted(), []);
  // One toast at a time (docs/product/site.md#feedback).
  return <Toaster theme={resolved} visibleToasts={1} position="top-center" richColors closeButton />;
}

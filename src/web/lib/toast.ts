import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/*
 * Toasts (docs/product/site.md#feedback) with sonner's call surface, without sonner in the page's first
 * download: the first toast fetches sonner and the Toaster (`LazyToaster`, src/web/app/lazy-toaster.tsx),
 * and toasts wait until the Toaster has mounted, so one asked for before that still shows.
 */

type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'success' | 'error' | 'warning' | 'info';

let sonner: Promise<Sonner> | undefined;
/** sonner's code, fetched once (a failed fetch is tried again at the next call). */
export const loadSonner = (): Promise<Sonner> =>
  (sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  }));

function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fired, fire };
}
const requested = signal();
const mounted = signal();

/** Settles at the first toast: the Toaster is then fetched at once, not only when the page is idle. */
export const toastRequested = requested.fired;
/** Called by the Toaster's mount effect: toasts held back until then show now. */
export const markToasterMounted = mounted.fire;
const ready = mounted.fired.then(loadSonner);

function show(kind: Kind | null, message: Message, options?: ExternalToast): void {
  requested.fire();
  void ready.then(({ toast }) => {
    if (kind) toast[kind](message, options);
    else toast(message, options);
  });
}

const showAs = (kind: Kind) => (message: Message, options?: ExternalToast) => show(kind, message, options);

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show(null, message, options),
  { success: showAs('success'), error: showAs('error'), warning: showAs('warning'), info: showAs('info') },
);

import { cloneElement, useState, type ButtonHTMLAttributes, type ReactElement, type ReactNode } from 'react';

/** What the component of a deferred popup's module gets: its state, controlled, and the button to wrap. */
export interface PopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger as the page shows it; the popup wraps it in its library's trigger (`asChild`). */
  trigger: ReactElement;
}

type Load<M> = () => Promise<M>;

const loads = new WeakMap<Load<unknown>, Promise<unknown>>();

/** Each popup module is fetched once; a failed fetch is tried again at the next use. */
function loadOnce<M>(load: Load<M>): Promise<M> {
  let pending = loads.get(load) as Promise<M> | undefined;
  if (!pending) {
    pending = load();
    loads.set(load, pending);
    pending.catch(() => loads.delete(load));
  }
  return pending;
}

/**
 * A popup (menu, dialog) whose library code is fetched at its first use, not with the page. Until then
 * `trigger` is rendered as a plain button (what the server renders, so hydration matches;
 * docs/architecture.md#server-rendering) with the ARIA state of a closed popup: pointing at it or focusing
 * it fetches `load`'s module, a click (mouse, touch, Enter, Space) opens the popup as soon as the module is
 * there. From then on `render` shows the module's component, which draws trigger and popup itself (not
 * right after the prefetch: swapping the button under the pointer or the keyboard focus would lose the
 * click or the focus). `load` must be a stable function (defined once per module).
 */
export function DeferredPopup<C>({
  load,
  kind,
  trigger,
  render,
}: {
  load: Load<{ default: C }>;
  /** `aria-haspopup` of the trigger, as the popup's own trigger sets it. */
  kind: 'menu' | 'dialog';
  trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;
  render: (Popup: C, props: PopupProps) => ReactNode;
}) {
  const [module, setModule] = useState<{ default: C } | null>(null);
  const [open, setOpen] = useState(false);

  if (module) return render(module.default, { open, onOpenChange: setOpen, trigger });

  const prefetch = () => void loadOnce(load).catch(() => undefined);
  const openPopup = () => {
    setOpen(true);
    loadOnce(load).then(setModule, () => setOpen(false));
  };
  return cloneElement(trigger, {
    'aria-haspopup': kind,
    'aria-expanded': false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: openPopup,
  });
}

// Testing Library for the client's tests, on Preact (decision 039); only tests import it.
import { fireEvent as domFireEvent, screen, waitFor } from '@testing-library/dom';
import * as preactLibrary from '@testing-library/preact';
import { options } from 'preact';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { expect } from 'vitest';

export * from '@testing-library/dom';

// Preact runs effects after the next frame, or after 35 ms if no frame comes. Both timers outlive a test file,
// and the frame one then calls jsdom's cancelAnimationFrame after jsdom is gone: effects here wait for one
// timer only.
options.requestAnimationFrame = (flush) => void setTimeout(flush, 16);

/** Unmounts what `render` rendered, running every cleanup and pending effect at once. */
export const cleanup = () => void preactLibrary.act(() => preactLibrary.cleanup());

// Preact's library, typed with the React types the client is written in
type Wrapper = ComponentType<{ children: ReactNode }>;
type PreactUi = Parameters<typeof preactLibrary.render>[0];

export const render = (ui: ReactElement, options?: { container?: Element; wrapper?: Wrapper }) =>
  preactLibrary.render(ui as unknown as PreactUi, options as Parameters<typeof preactLibrary.render>[1]);

export const renderHook = <Result, Props>(
  callback: (props: Props) => Result,
  options?: { initialProps?: Props; wrapper?: Wrapper },
) => preactLibrary.renderHook(callback, options as preactLibrary.RenderHookOptions<Props>);

/** Runs `callback` and every render and effect it causes (preact/test-utils). */
export const act = (callback: () => unknown): Promise<void> =>
  preactLibrary.act(callback as () => void | Promise<void>);

type FireEvent = typeof domFireEvent;

// preact/compat listens to `input` for a text field's onChange and to `focusin`/`focusout` for onFocus/onBlur
// (React's bubbling semantics); checkboxes, radios, files and selects keep `change`.
// @testing-library/preact renames every `change`, so selects would never change: this maps per element.
const textLike = (element: Element) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !/fil|che|rad/.test(element.type));

const mapped: Partial<Record<keyof FireEvent, (element: Element) => keyof FireEvent>> = {
  change: (element) => (textLike(element) ? 'input' : 'change'),
  focus: () => 'focusIn',
  blur: () => 'focusOut',
};

/** DOM events as preact/compat listens to them; each runs in act() (Testing Library's event wrapper). */
export const fireEvent = new Proxy(domFireEvent, {
  get(target, key: keyof FireEvent) {
    const map = mapped[key];
    if (!map) return target[key];
    return (element: Element, init?: object) =>
      (target[map(element)] as (e: Element, i?: object) => boolean)(element, init);
  },
}) as FireEvent;

/**
 * Waits until no dialog is open and the page behind it is no longer hidden: Radix lifts aria-hidden and the
 * scroll lock in the render after the dialog closed, which Preact runs a moment later than React did.
 */
export async function dialogClosed() {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[data-aria-hidden]')).toBeNull();
  });
}

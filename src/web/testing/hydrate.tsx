// Hydrating server HTML in the client's tests (docs/architecture.md#server-rendering); only tests import it.
import type { ReactElement } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { act } from './library';

let hydrated: Root | undefined;

/**
 * Hydrates `html`, the server's HTML for `element`. Lands in `errors`: any console error; an element the
 * hydration made anew instead of taking over the server's; and a difference between the hydrated page and the
 * same element rendered in the browser (Preact keeps the server's attributes and text while hydrating, so a
 * difference would stay on the page; decision 039). Value attributes are left out: the server writes them,
 * the browser sets the property.
 */
export async function hydrate(element: ReactElement, html: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  const serverElements = new Set(container.querySelectorAll('*'));
  await act(async () => {
    hydrated = hydrateRoot(container, element);
    // before the renders hydration queued (browser values) run: every element must be the server's
    const made = [...container.querySelectorAll('*')].filter((node) => !serverElements.has(node));
    if (made.length) errors.push({ madeAnew: made.map((node) => node.outerHTML.slice(0, 200)) });
  });
  const fresh = document.createElement('div');
  const freshRoot = createRoot(fresh);
  await act(async () => freshRoot.render(element));
  const markup = (root: Element) => root.innerHTML.replace(/ value="[^"]*"/g, '');
  if (markup(fresh) !== markup(container))
    errors.push({ hydrated: markup(container), renderedInBrowser: markup(fresh) });
  act(() => freshRoot.unmount());
  return { container, errors };
}

/** After each test: unmounts what `hydrate` hydrated, empties the body, restores mocks and stubbed globals. */
export function cleanUpHydration() {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}

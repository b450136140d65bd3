// Hydrating server HTML in the client's tests (docs/architecture.md#server-rendering); only tests import it.
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

let hydrated: Root | undefined;

/**
 * Hydrates `html`, the server's HTML for `element`. Lands in `errors`: any console error; what React reports as
 * a recoverable error (a hydration mismatch, after which React renders the part anew); an element the
 * hydration made anew instead of taking over the server's; and a difference between the hydrated page and the
 * same element rendered in the browser (React does not patch attributes that differ, so a difference would
 * stay on the page). Value attributes are left out: the server writes them, the browser sets the property.
 */
export async function hydrate(element: ReactElement, html: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  const serverElements = new Set(container.querySelectorAll('*'));
  await act(async () => {
    hydrated = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
    // before the renders hydration queued (browser values) run: every element must be the server's
    const made = [...container.querySelectorAll('*')].filter((node) => !serverElements.has(node));
    if (made.length) errors.push({ madeAnew: made.map((node) => node.outerHTML.slice(0, 200)) });
  });
  const fresh = document.createElement('div');
  const freshRoot = createRoot(fresh);
  await act(async () => freshRoot.render(element));
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

/**
 * The page as a comparable text: without what the server writes and the browser leaves out: comments (text
 * separators, Suspense markers), the image preloads React hoists, value attributes (the server writes them, the
 * browser sets the property), the mark of a lazily loaded part taken over (`data-live`, set once it hydrated)
 * and the order of attributes. The start splash goes too: its own 500 ms timer removes it from each root in
 * turn, so on a slow machine the hydrated page had lost it while the fresh render still showed it, a difference
 * of the clock and not of server and browser (app/shell/splash.tsx; its server part is tested on its own).
 */
function markup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const link of copy.querySelectorAll('link[rel="preload"]')) link.remove();
  for (const splash of copy.querySelectorAll('[data-testid="splash"]')) splash.remove();
  for (const element of copy.querySelectorAll('*')) {
    const attributes = [...element.attributes]
      .filter((attribute) => attribute.name !== 'value' && attribute.name !== 'data-live')
      .map((attribute) => [attribute.name, attribute.value] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  copy.normalize();
  return copy.innerHTML;
}

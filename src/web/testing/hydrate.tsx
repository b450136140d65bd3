// Hydrating server HTML in the client's tests (docs/architecture.md#server-rendering); only tests import it.
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

// act() warns unless React knows it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let hydrated: Root | undefined;

/**
 * Hydrates `html`, the server's HTML for `element`; what React reports as a mismatch (or any console error)
 * lands in `errors`.
 */
export async function hydrate(element: ReactElement, html: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  await act(async () => {
    hydrated = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
  });
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

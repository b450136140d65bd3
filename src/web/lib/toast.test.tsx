// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Toasts and the Toaster share the state of their modules: each test starts with fresh ones.
async function freshModules() {
  vi.resetModules();
  const [{ toast }, { LazyToaster }, { ThemeProvider }] = await Promise.all([
    import('./toast'),
    import('@web/app/lazy-toaster'),
    import('./theme'),
  ]);
  const app = (
    <ThemeProvider>
      <LazyToaster />
    </ThemeProvider>
  );
  return { toast, app };
}

const toaster = () => document.querySelector('[data-sonner-toaster]');

/** `requestIdleCallback` under the test's control: `idle()` runs what waits for an idle moment. */
function stubIdle() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return () => waiting.splice(0).forEach((run) => run());
}

beforeEach(() => void stubIdle());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toasts without sonner in the first download (docs/product/site.md#feedback)', () => {
  it('shows a toast asked for before the Toaster is there, once it has mounted', async () => {
    const { toast, app } = await freshModules();
    toast.success('Gespeichert', { description: 'Alles da.' });
    render(app);
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(screen.getByText('Alles da.')).toBeTruthy();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('fetches the Toaster at the first toast without waiting for an idle moment', async () => {
    const { toast, app } = await freshModules();
    render(app);
    toast.error('Fehler beim Speichern');
    expect(await screen.findByText('Fehler beim Speichern')).toBeTruthy();
    expect(document.querySelector('[data-sonner-toast]')?.getAttribute('data-type')).toBe('error');
  });

  it('renders nothing on the server and at first, and mounts the Toaster when the page is idle', async () => {
    const idle = stubIdle();
    const { app } = await freshModules();
    expect(renderToString(app)).toBe('');
    render(app);
    expect(toaster()).toBeNull();
    idle();
    await waitFor(() => expect(toaster()).not.toBeNull());
  });
});

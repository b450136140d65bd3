// @vitest-environment jsdom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COLOR, THEME_STORAGE_KEY } from '@shared/theme';
import { cleanUpHydration, hydrate } from '@web/testing/hydrate';
import { ThemeProvider, useTheme } from './theme';

function Shown() {
  const { choice, resolved, setChoice } = useTheme();
  return <button type="button" onClick={() => setChoice('dark')}>{`${choice} ${resolved}`}</button>;
}

const app = (
  <ThemeProvider>
    <Shown />
  </ThemeProvider>
);

/** A system preference the test can change: matchMedia as a browser has it. */
function stubSystemDark(initial: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initial,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => list);
  return (dark: boolean) => {
    list.matches = dark;
    listeners.forEach((listener) => listener());
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLOR.light}">`;
});

afterEach(cleanUpHydration);

describe('ThemeProvider while hydrating (docs/architecture.md#server-rendering)', () => {
  it('hydrates the server HTML without a mismatch, then shows the stored choice', async () => {
    const html = renderToString(app);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { container, errors } = await hydrate(app, html);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('dark dark');
  });

  it('never takes the dark class off that theme-init.js set for a dark-theme visitor', async () => {
    const html = renderToString(app);
    stubSystemDark(true);
    document.documentElement.classList.add('dark'); // public/theme-init.js, before the first paint
    const toggle = vi.spyOn(document.documentElement.classList, 'toggle');
    const { container, errors } = await hydrate(app, html);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('system dark');
    expect(toggle).toHaveBeenCalled();
    for (const [name, force] of toggle.mock.calls) expect([name, force]).toEqual(['dark', true]);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      THEME_COLOR.dark,
    );
  });

  it("follows the system's preference live", async () => {
    const setSystemDark = stubSystemDark(false);
    const { container } = await hydrate(app, renderToString(app));
    expect(container.textContent).toBe('system light');
    act(() => setSystemDark(true));
    expect(container.textContent).toBe('system dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('keeps a choice made while local storage is off', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('private mode');
    });
    const { container } = await hydrate(app, renderToString(app));
    act(() => container.querySelector('button')!.click());
    expect(container.textContent).toBe('dark dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

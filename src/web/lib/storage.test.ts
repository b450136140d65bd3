// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/theme';
import { settleComfort } from '@web/app/shell/cookie-banner';
import { VIEW_MODE_KEY } from '@web/features/events/use-view-mode';
import { COOKIE_CONSENT_KEY, readComfort, writeComfort } from './storage';

// docs/decisions/046: comfort settings on this device only with consent, else for this tab.

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-consent');
  document.head.innerHTML = '<meta name="theme-color" content="#ffffff">';
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});

describe('writeComfort and readComfort', () => {
  it('without consent: this tab only, and a value left on the device is taken off it', () => {
    localStorage.setItem(VIEW_MODE_KEY, 'cards');
    expect(readComfort(VIEW_MODE_KEY)).toBe('cards');
    writeComfort(VIEW_MODE_KEY, 'timetable');
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBeNull();
    expect(sessionStorage.getItem(VIEW_MODE_KEY)).toBe('timetable');
    expect(readComfort(VIEW_MODE_KEY)).toBe('timetable');
  });

  it('with consent: on the device, and not twice', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    sessionStorage.setItem(THEME_STORAGE_KEY, 'light');
    writeComfort(THEME_STORAGE_KEY, 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(readComfort(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('settleComfort moves the settings to where the stored choice puts them', () => {
    sessionStorage.setItem(THEME_STORAGE_KEY, 'dark');
    localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    settleComfort();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    localStorage.setItem(COOKIE_CONSENT_KEY, 'essential');
    settleComfort();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });
});

/** public/theme-init.js's first part, as the browser runs it before the first paint. */
function runThemeInit() {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../../public/theme-init.js'), 'utf8');
  // only the theme part: the second part holds early input with listeners on the window
  const themePart = source.slice(0, source.indexOf('})();') + '})();'.length);
  new Function(themePart)();
}

describe('public/theme-init.js', () => {
  it('without consent moves a theme and view found on the device into the tab, and applies the theme', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'essential');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    localStorage.setItem(VIEW_MODE_KEY, 'timetable');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.hasAttribute('data-consent')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBeNull();
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.getItem(VIEW_MODE_KEY)).toBe('timetable');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#0b1222');
  });

  it("applies the tab's theme before any answer to the banner", () => {
    sessionStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.hasAttribute('data-consent')).toBe(false);
  });

  it('with consent leaves the theme on the device and applies it', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('follows the system without a stored theme', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

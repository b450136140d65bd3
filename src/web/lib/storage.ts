type Area = 'local' | 'session';

const areaOf = (area: Area): Storage | undefined => {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (private mode, strict settings): the app still works
  }
};

export function readStorage(area: Area, key: string): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) areaOf(area)?.removeItem(key);
    else areaOf(area)?.setItem(key, value);
  } catch {
    // quota or privacy mode: nothing to do
  }
}

/** Where the cookie choice is kept ('accepted' or 'essential'; lib/cookie-consent.ts). */
export const COOKIE_CONSENT_KEY = 'cookie-consent';

/**
 * Comfort settings: the look ('theme', THEME_STORAGE_KEY of @shared/theme) and the start page's view
 * ('viewMode', features/events/use-view-mode.ts). Kept on this device (local storage) only with consent,
 * 'Alle akzeptieren'; without it they hold for this tab alone (session storage, gone when the tab closes), which
 * a choice the visitor makes by hand needs to last from one page to the next (docs/product/site.md#comfort-storage,
 * docs/decisions/046). The cookie banner moves them when the choice changes (app/shell/cookie-banner.tsx);
 * public/theme-init.js reads the theme by the same rules before the first paint and moves what it finds on the
 * device without consent into the tab. (Here, not in a module of their own: that would add chunks to the home
 * page's code.)
 */
export type ComfortKey = 'theme' | 'viewMode';

/** The tab's value first: with consent the tab holds none (writeComfort), without it the device holds none. */
export const readComfort = (key: ComfortKey) => readStorage('session', key) ?? readStorage('local', key);

/** Stores the setting on this device with consent, else for this tab only; never in both places. */
export function writeComfort(key: ComfortKey, value: string): void {
  const onDevice = readStorage('local', COOKIE_CONSENT_KEY) === 'accepted';
  writeStorage('local', key, onDevice ? value : null);
  writeStorage('session', key, onDevice ? null : value);
}

import { THEME_STORAGE_KEY } from '@shared/theme';
import { COOKIE_CONSENT_KEY, type CookieConsent } from './cookie-consent';
import { readStorage, writeStorage } from './storage';

/** The start page's view (docs/product/events.md#home-views). */
export const VIEW_MODE_KEY = 'viewMode';

/**
 * Comfort settings: the look (theme) and the start page's view. Kept on this device (local storage) only
 * with consent, 'Alle akzeptieren'; without it they hold for this tab alone (session storage, gone when the
 * tab closes), which a choice the visitor makes by hand needs to last from one page to the next
 * (docs/product/site.md#comfort-storage, docs/decisions/046). public/theme-init.js reads the theme by the
 * same rules before the first paint.
 */
export const COMFORT_KEYS = [THEME_STORAGE_KEY, VIEW_MODE_KEY] as const;
export type ComfortKey = (typeof COMFORT_KEYS)[number];

const keptOnDevice = () => readStorage('local', COOKIE_CONSENT_KEY) === 'accepted';

/** The setting, where its consent puts it (a value left in the other place counts too, but loses). */
export function readComfort(key: ComfortKey): string | null {
  return keptOnDevice()
    ? (readStorage('local', key) ?? readStorage('session', key))
    : (readStorage('session', key) ?? readStorage('local', key));
}

/** Stores the setting on this device with consent, else for this tab only; never in both places. */
export function writeComfort(key: ComfortKey, value: string): void {
  const [kept, other] = keptOnDevice() ? (['local', 'session'] as const) : (['session', 'local'] as const);
  writeStorage(kept, key, value);
  writeStorage(other, key, null);
}

/**
 * After a cookie choice: 'accepted' keeps what this tab holds on the device; 'essential' (also when consent
 * is withdrawn later) removes the settings from the device and leaves them to this tab.
 */
export function settleComfort(consent: CookieConsent): void {
  const [from, to] =
    consent === 'accepted' ? (['session', 'local'] as const) : (['local', 'session'] as const);
  for (const key of COMFORT_KEYS) {
    const value = readStorage(from, key);
    if (value === null) continue;
    writeStorage(to, key, value);
    writeStorage(from, key, null);
  }
}

export const COOKIE_CONSENT_KEY = 'cookie-consent';
export const OPEN_COOKIE_CONSENT_EVENT = 'open-cookie-consent';
export type CookieConsent = 'accepted' | 'essential';

/** Reopens the cookie banner from anywhere (spec visitor §2: 'can be reopened by a window event'). */
export function openCookieConsent(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_CONSENT_EVENT));
}

export { COOKIE_CONSENT_KEY } from './storage';
export const OPEN_COOKIE_CONSENT_EVENT = 'open-cookie-consent';
export type CookieConsent = 'accepted' | 'essential';

/** Reopens the cookie banner from anywhere, e.g. the footer (docs/product/site.md#cookie-banner). */
export function openCookieConsent(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_CONSENT_EVENT));
}

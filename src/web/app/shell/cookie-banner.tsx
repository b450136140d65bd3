import { useEffect, useState } from 'react';
import { COOKIE_CONSENT_KEY, OPEN_COOKIE_CONSENT_EVENT, type CookieConsent } from '@web/lib/cookie-consent';
import { useSettings } from '@web/lib/settings';
import { readComfort, readStorage, writeComfort, writeStorage, type ComfortKey } from '@web/lib/storage';
import { Button } from '@web/components/ui/button';
import { SmartLink } from '@web/components/ui/smart-link';

const COMFORT_KEYS: ComfortKey[] = ['theme', 'viewMode'];

/**
 * After a cookie choice is stored: with consent what this tab holds goes to the device; without it (also when
 * consent is withdrawn later) the comfort settings leave the device and stay with this tab (lib/storage.ts).
 */
export function settleComfort(): void {
  for (const key of COMFORT_KEYS) {
    const value = readComfort(key);
    if (value !== null) writeComfort(key, value);
  }
}

/**
 * Shown 200 ms after start when no choice is stored; reopened by a window event
 * (docs/product/site.md#cookie-banner). At start it is part of the page's HTML, so it appears without waiting
 * for the app's code: the CSS class `cookie-banner-start` shows it after 200 ms, unless public/theme-init.js
 * found a stored choice (`<html data-consent>`) before the first paint; once the app runs, a stored choice
 * removes it (docs/architecture.md#server-rendering).
 *
 * It takes its place at the end of the page and sticks to the bottom of the window (`sticky`, not `fixed`):
 * scrolled to the end, the page's last button lies above it, not under it (docs/product/site.md#cookie-banner).
 * The choice decides where the comfort settings live (lib/storage.ts, docs/decisions/046).
 */
export function CookieBanner() {
  const [state, setState] = useState<'start' | 'open' | 'closed'>('start');
  const { legal } = useSettings();

  useEffect(() => {
    if (readStorage('local', COOKIE_CONSENT_KEY)) setState('closed');
    const reopen = () => setState('open');
    window.addEventListener(OPEN_COOKIE_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_CONSENT_EVENT, reopen);
  }, []);

  if (state === 'closed') return null;
  const choose = (value: CookieConsent) => {
    writeStorage('local', COOKIE_CONSENT_KEY, value);
    settleComfort();
    setState('closed');
  };
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className={`sticky bottom-0 z-50 p-3 sm:p-4 ${state === 'start' ? 'cookie-banner-start' : ''}`}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-2xl sm:flex-row sm:items-end sm:gap-6">
        <div className="flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            Cookies &amp; Datenschutz
          </h2>
          <p id="cookie-banner-text" className="mt-1 text-sm text-muted-foreground">
            Wir verwenden nur technisch notwendige Cookies für Anmeldung und Buchung. Deine Darstellung (hell
            oder dunkel) und die Ansicht der Startseite merken wir uns nur mit „Alle akzeptieren“ auf diesem
            Gerät, sonst nur für diesen Tab. Mehr in der{' '}
            <SmartLink to={legal.privacyUrl} className="text-foreground underline">
              Datenschutzerklärung
            </SmartLink>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => choose('essential')}>
            Nur notwendige
          </Button>
          <Button onClick={() => choose('accepted')}>Alle akzeptieren</Button>
        </div>
      </div>
    </div>
  );
}

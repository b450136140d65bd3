import { useEffect, useState } from 'react';
import { COOKIE_CONSENT_KEY, OPEN_COOKIE_CONSENT_EVENT, type CookieConsent } from '@web/lib/cookie-consent';
import { useSettings } from '@web/lib/settings';
import { readStorage, writeStorage } from '@web/lib/storage';
import { Button } from '@web/components/ui/button';
import { SmartLink } from '@web/components/ui/smart-link';

const BANNER_DELAY_MS = 200;

/**
 * Shown 200 ms after start when no choice is stored; reopened by a window event
 * (docs/product/site.md#cookie-banner).
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  const { legal } = useSettings();

  useEffect(() => {
    const stored = readStorage('local', COOKIE_CONSENT_KEY);
    const timer = stored ? undefined : window.setTimeout(() => setOpen(true), BANNER_DELAY_MS);
    const reopen = () => setOpen(true);
    window.addEventListener(OPEN_COOKIE_CONSENT_EVENT, reopen);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener(OPEN_COOKIE_CONSENT_EVENT, reopen);
    };
  }, []);

  if (!open) return null;
  const choose = (value: CookieConsent) => {
    writeStorage('local', COOKIE_CONSENT_KEY, value);
    setOpen(false);
  };
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-2xl sm:flex-row sm:items-end sm:gap-6">
        <div className="flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            Cookies &amp; Datenschutz
          </h2>
          <p id="cookie-banner-text" className="mt-1 text-sm text-muted-foreground">
            Wir verwenden nur technisch notwendige Cookies für Anmeldung und Buchung. Mit deiner Zustimmung
            merken wir uns zusätzlich Komfort-Einstellungen. Mehr in der{' '}
            <SmartLink to={legal.privacyUrl} className="text-foreground underline">
              Datenschutzerklärung
            </SmartLink>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => choose('essential')}>
            Only necessary
          </Button>
          <Button onClick={() => choose('accepted')}>Accept all</Button>
        </div>
      </div>
    </div>
  );
}

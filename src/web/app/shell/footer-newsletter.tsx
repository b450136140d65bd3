import { useState } from 'react';
import { useLocation } from 'react-router';
import { X } from 'lucide-react';
import { NEWSLETTER_STORAGE_KEYS } from '@shared/newsletter';
import { NewsletterSignup } from '@web/components/newsletter-signup';
import { Button } from '@web/components/ui/button';
import { useClientValue } from '@web/lib/client-value';
import { readStorage, writeStorage } from '@web/lib/storage';

const readHiddenForGood = () =>
  readStorage('local', NEWSLETTER_STORAGE_KEYS.subscribed) === 'true' ||
  readStorage('local', NEWSLETTER_STORAGE_KEYS.dismissed) === 'true';

/**
 * The footer's newsletter block (docs/product/accounts-and-consent.md#newsletter-form). Hidden for good once
 * dismissed or once a sign-up was sent from this browser; a sign-up sent from the block itself keeps it in
 * view while it stays mounted, so its success message can be read. Not shown on /email-confirmed, which is
 * about the newsletter already. Local storage is the browser's: a server-rendered page hydrates with the
 * block shown (docs/architecture.md#server-rendering).
 */
export function FooterNewsletter() {
  const { pathname } = useLocation();
  const hiddenForGood = useClientValue(readHiddenForGood, false);
  const [dismissed, setDismissed] = useState(false);
  const [signedUpHere, setSignedUpHere] = useState(false);
  if (dismissed || (hiddenForGood && !signedUpHere) || pathname === '/email-confirmed') return null;
  const dismiss = () => {
    writeStorage('local', NEWSLETTER_STORAGE_KEYS.dismissed, 'true');
    setDismissed(true);
  };
  return (
    <section aria-labelledby="footer-newsletter-heading" className="border-b border-border">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="footer-newsletter-heading" className="font-serif text-lg font-semibold">
              Neue Veranstaltungen per E-Mail
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Erfahre als Erste:r von neuen Workshops, Seminaren und Retreats.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={dismiss} className="-mr-2 shrink-0">
            <X className="h-4 w-4" aria-hidden />
            Ausblenden
          </Button>
        </div>
        <div className="mt-4 max-w-xl">
          <NewsletterSignup source="footer" variant="compact" onSubscribed={() => setSignedUpHere(true)} />
        </div>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { useLocation } from 'react-router';
import { X } from 'lucide-react';
import { NEWSLETTER_STORAGE_KEYS } from '@shared/newsletter';
import { NewsletterSignup } from '@web/components/newsletter-signup';
import { Button } from '@web/components/ui/button';
import { readStorage, writeStorage } from '@web/lib/storage';

/**
 * The footer's newsletter block (docs/product/accounts-and-consent.md#newsletter-form). Hidden for good once
 * dismissed or once a sign-up was sent from this browser (read when the page loads, so the success message of
 * this visit stays visible). Not shown on /email-confirmed, which is about the newsletter already.
 */
export function FooterNewsletter() {
  const { pathname } = useLocation();
  const [hidden, setHidden] = useState(
    () =>
      readStorage('local', NEWSLETTER_STORAGE_KEYS.subscribed) === 'true' ||
      readStorage('local', NEWSLETTER_STORAGE_KEYS.dismissed) === 'true',
  );
  if (hidden || pathname === '/email-confirmed') return null;
  const dismiss = () => {
    writeStorage('local', NEWSLETTER_STORAGE_KEYS.dismissed, 'true');
    setHidden(true);
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
          <NewsletterSignup source="footer" variant="compact" />
        </div>
      </div>
    </section>
  );
}

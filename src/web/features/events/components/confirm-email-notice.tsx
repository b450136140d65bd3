import { MailWarning } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

/** The part text of 'Profil vervollständigen' (BOOKING_MESSAGES.confirmEmail, kept here
 * so the home page's first download stays free of the booking contracts). */
export const CONFIRM_EMAIL_TEXT = 'Bitte bestätige deine Email-Adresse';

/**
 * A booking with an unconfirmed e-mail address is sent to /?message=please-confirm-email
 * (docs/product/booking-and-seats.md#profile-before-booking).
 * Signing in with a code sent to the address confirms it, so that is what the notice offers.
 */
export function ConfirmEmailNotice() {
  const [params] = useSearchParams();
  if (params.get('message') !== 'please-confirm-email') return null;
  return (
    <div role="status" className="border-b border-border bg-warning-bg">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-4 sm:px-6">
        <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
        <p className="text-sm">
          <strong className="font-semibold">{CONFIRM_EMAIL_TEXT}</strong>, bevor du buchst: Melde dich einmal
          mit dem Code an, den wir dir per E-Mail schicken. Danach kannst du direkt weiterbuchen.{' '}
          <Link to="/login" className="font-medium text-primary underline underline-offset-2">
            Zur Anmeldung
          </Link>
        </p>
      </div>
    </div>
  );
}

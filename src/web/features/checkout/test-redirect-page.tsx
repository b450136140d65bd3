import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '@shared/payment-methods';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { formatPrice } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { useBooking } from './api/get-booking';
import { completeTestPayment, declineTestPayment, storeBooking } from './api/settle-payment';
import { CheckoutProblem } from './components/checkout-problem';
import { TestModeNote } from './components/test-mode-note';
import { TEST_RETURN_CANCELLED } from './components/test-payment';

const REDIRECTED = ['paypal', 'klarna'] as const;
type Redirected = (typeof REDIRECTED)[number];

/**
 * /booking/{bookingId}/testzahlung/{paypal|klarna}: the test provider's stand-in for the page PayPal or Klarna
 * would show (docs/decisions/056-payment-methods-and-the-checkout.md). 'Zahlung freigeben' or 'Abbrechen' settle the
 * attempt as the provider would, then the buyer returns to /booking/{bookingId}/success, the return URL that
 * carries the booking (after a cancel with ?testzahlung=abgebrochen&methode=…).
 */
export function TestRedirectPage() {
  const { bookingId = '', method = '' } = useParams();
  const known = (REDIRECTED as readonly string[]).includes(method);
  const label = known ? PAYMENT_METHOD_LABELS[method as Redirected] : '';
  usePageTitle(known ? `Testzahlung: ${label}` : 'Testzahlung');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const booking = useBooking(bookingId);
  const [busy, setBusy] = useState<'approve' | 'cancel' | null>(null);
  const back = `/booking/${encodeURIComponent(bookingId)}/success`;

  if (!known) {
    return (
      <CheckoutProblem title="Diese Testzahlung gibt es nicht." to={back} linkText="Zurück zur Zahlung" />
    );
  }
  const settle = async (action: 'approve' | 'cancel') => {
    setBusy(action);
    try {
      const settled = await (action === 'approve' ? completeTestPayment : declineTestPayment)(
        bookingId,
        method as Redirected,
      );
      storeBooking(queryClient, settled);
      void navigate(
        action === 'approve' ? back : `${back}?testzahlung=${TEST_RETURN_CANCELLED}&methode=${method}`,
        { replace: true },
      );
    } catch (error) {
      toast.error(PAYMENT_MESSAGES.failed, {
        description: error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected,
      });
      setBusy(null);
    }
  };

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">Testzahlung: {label}</h1>
      <TestModeNote />
      <p>
        Hier würdest du bei {label} die Zahlung freigeben.
        {booking.data &&
          ` Betrag: ${formatPrice(booking.data.totalAmountCents, booking.data.currency)} für „${booking.data.event.title}“.`}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'approve' || undefined}
          onClick={() => void settle('approve')}
        >
          Zahlung freigeben
        </Button>
        <Button
          variant="secondary"
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'cancel' || undefined}
          onClick={() => void settle('cancel')}
        >
          Abbrechen
        </Button>
      </div>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BookingView } from '@shared/booking';
import { PAYMENT_METHOD_LABELS, type OnlineMethod } from '@shared/payment-methods';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { bookingKey } from '../api/get-booking';
import { paymentSessionKey } from '../api/start-payment';
import {
  completeTestPayment,
  declineTestPayment,
  giveTestDebit,
  storeBooking,
  type TestSettledMethod,
} from '../api/settle-payment';
import { TestModeNote } from './test-mode-note';

/** A valid German test IBAN (the one banks' examples use); nothing is debited. */
export const TEST_IBAN = 'DE89 3704 0044 0532 0130 00';

type DebitOutcome = 'succeeded' | 'failed' | 'returned';
const DEBIT_OUTCOMES: { value: DebitOutcome; label: string }[] = [
  { value: 'succeeded', label: 'wird eingelöst' },
  { value: 'failed', label: 'wird abgelehnt' },
  { value: 'returned', label: 'wird später zurückgebucht' },
];

/** PayPal and Klarna send the buyer to their own page; the test provider has a local one. */
const REDIRECTED: readonly OnlineMethod[] = ['paypal', 'klarna'];

/** The return from the test redirect page after 'Abbrechen' (test-redirect-page.tsx). */
export const TEST_RETURN_CANCELLED = 'abgebrochen';

/**
 * The test provider (docs/product/payments.md#test-buttons, docs/decisions/056-payment-methods-and-the-checkout.md):
 * the notice 'Testmodus', the offered methods to pick from, and per method what its provider would do: card, wallet
 * and Billie 'Testzahlung abschließen' / 'Testzahlung ablehnen'; PayPal and Klarna a local redirect page; SEPA an
 * IBAN and the outcome the debit will have ('Lastschrift erteilen' → processing). A decline leaves the booking
 * pending: the buyer may try again (a new attempt).
 */
export function TestPayment({ booking, methods }: { booking: BookingView; methods: OnlineMethod[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cancelledAt = params.get('testzahlung') === TEST_RETURN_CANCELLED ? params.get('methode') : null;
  const [method, setMethod] = useState<OnlineMethod>(() =>
    cancelledAt && methods.includes(cancelledAt as OnlineMethod)
      ? (cancelledAt as OnlineMethod)
      : (methods[0] ?? 'card'),
  );
  const [busy, setBusy] = useState<'complete' | 'decline' | 'debit' | null>(null);
  const [declined, setDeclined] = useState(false);
  const [iban, setIban] = useState(TEST_IBAN);
  const [outcome, setOutcome] = useState<DebitOutcome>('succeeded');
  const [ibanError, setIbanError] = useState<string | null>(null);

  const run = async (action: 'complete' | 'decline' | 'debit', call: () => Promise<BookingView>) => {
    setBusy(action);
    setIbanError(null);
    try {
      const settled = await call();
      storeBooking(queryClient, settled);
      setDeclined(action === 'decline');
      // Every attempt is its own payment: the next try starts a fresh one.
      if (action === 'decline')
        await queryClient.invalidateQueries({ queryKey: paymentSessionKey(booking.id) });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected;
      if (action === 'debit' && error instanceof ApiError && error.status === 422) setIbanError(message);
      toast.error(PAYMENT_MESSAGES.failed, { description: message });
      // The booking may have moved on (hold expired, paid meanwhile): show what the server says.
      void queryClient.invalidateQueries({ queryKey: bookingKey(booking.id), exact: true });
    } finally {
      setBusy(null);
    }
  };
  const settle = (action: 'complete' | 'decline', picked: TestSettledMethod) =>
    run(action, () => (action === 'complete' ? completeTestPayment : declineTestPayment)(booking.id, picked));

  let actions: ReactNode;
  if (method === 'sepa_debit') {
    actions = (
      <div className="flex flex-col gap-4">
        <Field label="IBAN" error={ibanError} hint="Eine Test-IBAN; es wird nichts abgebucht.">
          <Input
            className="font-mono sm:max-w-[20rem]"
            value={iban}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setIban(event.target.value)}
          />
        </Field>
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium">Die Lastschrift …</legend>
          {DEBIT_OUTCOMES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input
                type="radio"
                name="test-debit-outcome"
                value={choice.value}
                checked={outcome === choice.value}
                onChange={() => setOutcome(choice.value)}
                className="h-4 w-4 accent-primary"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <Button
          size="lg"
          className="self-start"
          disabled={busy !== null}
          aria-busy={busy === 'debit' || undefined}
          onClick={() => void run('debit', () => giveTestDebit(booking.id, { iban, outcome }))}
        >
          Lastschrift erteilen
        </Button>
      </div>
    );
  } else if (REDIRECTED.includes(method)) {
    actions = (
      <Button
        size="lg"
        className="self-start"
        onClick={() => void navigate(`/booking/${encodeURIComponent(booking.id)}/testzahlung/${method}`)}
      >
        Weiter zu {PAYMENT_METHOD_LABELS[method]}
      </Button>
    );
  } else {
    const picked = method as TestSettledMethod;
    actions = (
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'complete' || undefined}
          onClick={() => void settle('complete', picked)}
        >
          {PAYMENT_MESSAGES.testComplete}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'decline' || undefined}
          onClick={() => void settle('decline', picked)}
        >
          {PAYMENT_MESSAGES.testDecline}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <TestModeNote />
      {methods.length > 1 && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium">Testzahlung mit</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {methods.map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="test-payment-method"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setDeclined(false);
                  }}
                  className="h-4 w-4 accent-primary"
                />
                {PAYMENT_METHOD_LABELS[m]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div aria-live="assertive" className="text-sm">
        {declined && <ErrorText boxed>{PAYMENT_MESSAGES.testDeclined}</ErrorText>}
        {!declined && cancelledAt && (
          <ErrorText boxed>
            Die Zahlung bei {PAYMENT_METHOD_LABELS[cancelledAt as OnlineMethod] ?? 'dem Anbieter'} wurde
            abgebrochen. Du kannst es erneut versuchen.
          </ErrorText>
        )}
      </div>
      {actions}
    </div>
  );
}

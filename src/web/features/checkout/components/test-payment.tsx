import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { bookingKey } from '../api/get-booking';
import { paymentSessionKey } from '../api/start-payment';
import { completeTestPayment, declineTestPayment, storeBooking } from '../api/settle-payment';
import { TestModeNote } from './test-mode-note';

/**
 * The test provider (docs/product/payments.md#test-buttons): the notice 'Testmodus' and the buttons
 * 'Testzahlung abschließen' and 'Testzahlung ablehnen'. A decline leaves the booking pending: the buyer may
 * try again (a new attempt).
 */
export function TestPayment({ booking }: { booking: BookingView }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'complete' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);

  const settle = async (action: 'complete' | 'decline') => {
    setBusy(action);
    try {
      const settled = await (action === 'complete' ? completeTestPayment : declineTestPayment)(booking.id);
      storeBooking(queryClient, settled);
      setDeclined(action === 'decline');
      // Every attempt is its own payment: the next try starts a fresh one.
      if (action === 'decline')
        await queryClient.invalidateQueries({ queryKey: paymentSessionKey(booking.id) });
    } catch (error) {
      toast.error(PAYMENT_MESSAGES.failed, {
        description: error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected,
      });
      // The booking may have moved on (hold expired, paid meanwhile): show what the server says.
      void queryClient.invalidateQueries({ queryKey: bookingKey(booking.id), exact: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <TestModeNote />
      <div aria-live="assertive" className="text-sm">
        {declined && <ErrorText boxed>{PAYMENT_MESSAGES.testDeclined}</ErrorText>}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'complete' || undefined}
          onClick={() => void settle('complete')}
        >
          {PAYMENT_MESSAGES.testComplete}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          disabled={busy !== null}
          aria-busy={busy === 'decline' || undefined}
          onClick={() => void settle('decline')}
        >
          {PAYMENT_MESSAGES.testDecline}
        </Button>
      </div>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { storeBooking, syncPayment } from './api/settle-payment';

const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * The return from a payment page of Stripe's (3-D Secure, wallets, banks) to
 * /booking/{id}/success?payment_intent=…&redirect_status=…: asks the server once to read the PaymentIntent
 * back (POST …/payment/sync), then drops the parameters from the address. True while that runs.
 */
export function usePaymentReturn(bookingId: string, onProcessing: () => void): boolean {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returned = params.has('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const [syncing, setSyncing] = useState(returned);
  const started = useRef(false);

  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    const clean = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
    syncPayment(bookingId)
      .then((booking) => {
        storeBooking(queryClient, booking);
        if (booking.status !== 'pending') return;
        if (redirectStatus === 'failed') toast.error(PAYMENT_MESSAGES.failed);
        else if (redirectStatus === 'succeeded' || redirectStatus === 'processing') onProcessing();
      })
      .catch((error: unknown) => {
        toast.error(PAYMENT_MESSAGES.failed, {
          description: error instanceof ApiError ? error.message : PAYMENT_MESSAGES.unexpected,
        });
      })
      .finally(() => {
        setSyncing(false);
        clean();
      });
  }, [returned, redirectStatus, bookingId, queryClient, setParams, onProcessing]);

  return syncing;
}

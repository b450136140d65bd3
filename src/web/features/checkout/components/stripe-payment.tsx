// Loaded with a dynamic import only when a booking is paid through Stripe: the Stripe libraries stay out
// of every other page's download (the provider's script comes from its own host).
import { useQueryClient } from '@tanstack/react-query';
import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import { Loader2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { BookingView } from '@shared/booking';
import type { OnlineMethod } from '@shared/payment-methods';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { formatPrice } from '@web/lib/format';
import { useTheme } from '@web/lib/theme';
import { toast } from '@web/lib/toast';
import { storeBooking, syncPayment } from '../api/settle-payment';

type StripeSession = Extract<PaymentSession, { provider: 'stripe' }>;

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key).catch(() => {
      loaded.delete(key); // a later visit tries again
      return null;
    });
    loaded.set(key, promise);
  }
  return promise;
};

// The colours of src/web/styles/app.css, so the payment form matches the page in both themes.
const APPEARANCE: Record<'light' | 'dark', Appearance> = {
  light: {
    theme: 'stripe',
    variables: {
      colorPrimary: '#2f6f5e',
      colorBackground: '#ffffff',
      colorText: '#1d2530',
      colorDanger: '#b42318',
      borderRadius: '8px',
    },
  },
  dark: {
    theme: 'night',
    variables: {
      colorPrimary: '#7cc4ad',
      colorBackground: '#121b2e',
      colorText: '#e8ecf2',
      colorDanger: '#ff8a80',
      borderRadius: '8px',
    },
  },
};

/**
 * Our offered methods in the admin's order as the Payment Element's paymentMethodOrder (Stripe's names; the wallet
 * is Apple Pay and Google Pay), docs/decisions/056-payment-methods-and-the-checkout.md.
 */
export function stripeMethodOrder(methods: readonly OnlineMethod[]): string[] {
  return methods.flatMap((method) => (method === 'wallet' ? ['apple_pay', 'google_pay'] : [method]));
}

export interface StripePaymentProps {
  session: StripeSession;
  booking: BookingView;
  /** The payment went through but the booking is not confirmed yet (e.g. a bank still processing). */
  onProcessing: () => void;
}

export default function StripePayment({ session, booking, onProcessing }: StripePaymentProps) {
  const { resolved } = useTheme();
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void stripeFor(session.publishableKey).then((instance) => {
      if (!live) return;
      setStripe(instance);
      if (!instance) toast.error(PAYMENT_MESSAGES.initFailed);
    });
    return () => {
      live = false;
    };
  }, [session.publishableKey]);
  const options = useMemo(
    () => ({ clientSecret: session.clientSecret, locale: 'de' as const, appearance: APPEARANCE[resolved] }),
    [session.clientSecret, resolved],
  );

  if (stripe === undefined) return <Preparing />;
  if (stripe === null) {
    return <ErrorText boxed>{PAYMENT_MESSAGES.initFailed}</ErrorText>;
  }
  return (
    <Elements stripe={stripe} options={options}>
      <StripeForm
        booking={booking}
        methods={session.methods ?? ['card', 'wallet']}
        onProcessing={onProcessing}
      />
    </Elements>
  );
}

function Preparing() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Zahlungsformular wird geladen …
    </p>
  );
}

function StripeForm({
  booking,
  methods,
  onProcessing,
}: {
  booking: BookingView;
  methods: OnlineMethod[];
  onProcessing: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [express, setExpress] = useState(false);
  // Wallet buttons need a secure page; on http (local development) the Payment Element alone is shown. A shop
  // without 'Apple Pay / Google Pay' shows none at all (the card alone would otherwise offer them).
  const wallet = methods.includes('wallet');
  const secure = window.location.protocol === 'https:' && wallet;
  const elementOptions = useMemo(
    () => ({
      paymentMethodOrder: stripeMethodOrder(methods),
      wallets: wallet ? undefined : ({ applePay: 'never', googlePay: 'never' } as const),
    }),
    [methods, wallet],
  );

  const confirm = async () => {
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/booking/${booking.id}/success` },
      });
      if (result.error) {
        const validation = result.error.type === 'validation_error';
        setError(
          validation ? PAYMENT_MESSAGES.checkInput : (result.error.message ?? PAYMENT_MESSAGES.unexpected),
        );
        if (validation) toast.error(PAYMENT_MESSAGES.checkInput);
        else toast.error(PAYMENT_MESSAGES.failed, { description: result.error.message });
        return;
      }
      // Paid without a redirect: the server reads the PaymentIntent back and confirms the booking.
      try {
        const synced = await syncPayment(booking.id);
        storeBooking(queryClient, synced);
        if (synced.status === 'pending') onProcessing();
      } catch {
        onProcessing(); // the payment went through; the webhook confirms the booking
      }
    } catch {
      setError(PAYMENT_MESSAGES.unexpected);
      toast.error(PAYMENT_MESSAGES.failed, { description: PAYMENT_MESSAGES.unexpected });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      {secure && (
        <div className={express ? '' : 'invisible h-0 overflow-hidden'}>
          <ExpressCheckoutElement
            onReady={(event) => setExpress(Boolean(event.availablePaymentMethods))}
            onConfirm={() => void confirm()}
          />
          <p className="mt-4 text-center text-xs text-muted-foreground">oder mit Karte</p>
        </div>
      )}
      {!ready && <Preparing />}
      <PaymentElement
        options={elementOptions}
        onReady={() => setReady(true)}
        onLoadError={() => {
          setError(PAYMENT_MESSAGES.initFailed);
          toast.error(PAYMENT_MESSAGES.initFailed);
        }}
      />
      <div aria-live="assertive" className="text-sm">
        {error && <ErrorText>{error}</ErrorText>}
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={!stripe || !elements || !ready || busy}
        aria-busy={busy || undefined}
      >
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        Jetzt bezahlen · {formatPrice(booking.totalAmountCents, booking.currency)}
      </Button>
    </form>
  );
}

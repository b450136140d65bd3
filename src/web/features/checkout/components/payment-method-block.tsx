import { CreditCard, TriangleAlert } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { ErrorText } from '@web/components/ui/error-text';
import type { PaymentConfig } from '@web/lib/payment-config';
import { TestModeNote } from './test-mode-note';

/**
 * How a paid order will be paid (GET /api/payments/config): the test provider's notice 'Testmodus', Stripe's
 * methods, or — without a provider — that paid events cannot be booked now. Free events have no block.
 */
interface PaymentMethodProps {
  config: PaymentConfig | undefined;
  loading: boolean;
  failed: boolean;
}

export function PaymentMethodBlock({ config, loading, failed }: PaymentMethodProps) {
  return (
    <section aria-labelledby="payment-method-heading" className="flex flex-col gap-2">
      <h2 id="payment-method-heading" className="text-sm font-medium">
        Zahlung
      </h2>
      <PaymentMethod config={config} loading={loading} failed={failed} />
    </section>
  );
}

function PaymentMethod({ config, loading, failed }: PaymentMethodProps) {
  if (loading) return <p className="text-sm text-muted-foreground">Zahlungsarten werden geladen …</p>;
  if (failed || !config) {
    return (
      <p className="text-sm text-muted-foreground">
        Die Zahlungsarten konnten gerade nicht geladen werden. Du wählst sie im nächsten Schritt.
      </p>
    );
  }
  if (config.provider === 'test') {
    return <TestModeNote />;
  }
  if (config.provider === 'stripe') {
    return (
      <div className="flex gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm">
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
        <div>
          <p className="font-semibold">Online bezahlen</p>
          <p className="mt-1 text-muted-foreground">
            Wie du bezahlst, wählst du im nächsten Schritt, sicher über unseren Zahlungsanbieter Stripe. Deine
            Plätze sind dabei 15 Minuten für dich reserviert.
          </p>
        </div>
      </div>
    );
  }
  return (
    <ErrorText boxed className="flex gap-3 border border-destructive/40">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      {PAYMENT_MESSAGES.unavailable}
    </ErrorText>
  );
}

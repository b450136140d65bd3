import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { formatPrice } from '@web/lib/format';
import { useSettings } from '@web/lib/settings';

const legalLink = 'font-medium text-primary underline underline-offset-2';

/**
 * The order: terms and privacy links above the button (they open in a new tab, so the order is not lost),
 * the total right next to it, and the button itself. §312j BGB: nothing but 'Zahlungspflichtig bestellen'
 * on a paid order's button; the total stands beside it. A `hint` under the button says why it is disabled
 * (a guest: docs/product/booking-and-seats.md#order-button-for-guests).
 */
export function OrderButton({
  label,
  disabled,
  busy,
  totalCents,
  free = totalCents === 0,
  currency,
  onOrder,
  hint,
}: {
  label: string;
  disabled: boolean;
  busy: boolean;
  totalCents: number;
  /** A free order ('Kostenlos'); default: a total of 0. */
  free?: boolean;
  currency: string;
  onOrder: () => void;
  hint?: string;
}) {
  const { legal } = useSettings();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Mit deiner Bestellung akzeptierst du unsere{' '}
        <a href={legal.termsUrl} target="_blank" rel="noopener" className={legalLink}>
          AGB
        </a>{' '}
        und die{' '}
        <a href={legal.privacyUrl} target="_blank" rel="noopener" className={legalLink}>
          Datenschutzerklärung
        </a>
        .
      </p>
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-sm text-muted-foreground">Gesamt</span>
        <span className="text-2xl font-semibold tabular-nums">
          {free ? 'Kostenlos' : formatPrice(totalCents, currency)}
        </span>
      </p>
      <Button
        size="lg"
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={hint ? hintId : undefined}
        onClick={onOrder}
        className="w-full"
      >
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {label}
      </Button>
      {hint && (
        <p id={hintId} className="text-center text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

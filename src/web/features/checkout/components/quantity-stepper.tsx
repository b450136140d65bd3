import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { clampQuantity } from '../checkout-rules';

/**
 * − / number / + (minimum 1, maximum what the seats allow;
 * docs/product/booking-and-seats.md#quantity-1-to-20). The buttons stop at the bounds; the number is
 * announced when it changes.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = 'Anzahl Tickets',
  hint,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const upper = Math.max(1, max);
  const change = (next: number) => onChange(clampQuantity(next, upper));
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="flex items-center gap-3"
      >
        <Button
          variant="secondary"
          size="icon"
          aria-label="Ein Ticket weniger"
          disabled={value <= 1}
          onClick={() => change(value - 1)}
        >
          <Minus className="h-4 w-4" aria-hidden />
        </Button>
        <output
          aria-live="polite"
          data-testid="quantity"
          className="min-w-10 text-center text-xl font-semibold tabular-nums"
        >
          {value}
        </output>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Ein Ticket mehr"
          disabled={value >= upper}
          onClick={() => change(value + 1)}
        >
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

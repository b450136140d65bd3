import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { clampQuantity } from '../checkout-rules';

/**
 * − / number / + (minimum 1, maximum what the seats allow;
 * docs/product/booking-and-seats.md#quantity-1-to-20). The buttons stop at the bounds; the number is
 * announced when it changes. A category's stepper (docs/product/ticket-categories.md#seats) starts at 0
 * (`lower`) and jumps between 0 and its minimum per order (`minimum`); `itemName` tells its buttons apart.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = 'Anzahl Tickets',
  hint,
  lower = 1,
  minimum = 1,
  itemName,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label?: string;
  hint?: string;
  lower?: 0 | 1;
  minimum?: number;
  itemName?: string;
}) {
  const id = useId();
  const upper = Math.max(lower, max);
  const step = (direction: 1 | -1) => {
    let next = value + direction;
    if (next > lower && next < minimum) next = direction > 0 ? minimum : lower;
    onChange(lower === 1 ? clampQuantity(next, upper) : Math.min(Math.max(0, next), upper));
  };
  const of = itemName ? ` (${itemName})` : '';
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
          aria-label={`Ein Ticket weniger${of}`}
          disabled={value <= lower}
          onClick={() => step(-1)}
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
          aria-label={`Ein Ticket mehr${of}`}
          disabled={value >= upper || (value < minimum && minimum > upper)}
          onClick={() => step(1)}
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

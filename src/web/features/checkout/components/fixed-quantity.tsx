import { useId } from 'react';

/**
 * The number of tickets of a waiting-list offer: shown, not changed
 * (docs/product/waiting-list.md#offer-checkout). Same label and figure as the stepper, so the page reads alike.
 */
export function FixedQuantity({ value, hint }: { value: number; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        Anzahl Tickets
      </span>
      <output
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid="quantity"
        className="text-xl font-semibold tabular-nums"
      >
        {value}
      </output>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

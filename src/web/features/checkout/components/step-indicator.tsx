import { Check } from 'lucide-react';

// The checkout's steps: booking, payment, confirmation (docs/product/payments.md#order-then-pay).
const STEPS = ['Buchung', 'Zahlung', 'Bestätigung'] as const;
export type CheckoutStep = 0 | 1 | 2;

/** Buchung → Zahlung → Bestätigung; the current step is marked for assistive technology too. */
export function StepIndicator({ current }: { current: CheckoutStep }) {
  return (
    <ol
      aria-label="Schritte der Buchung"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm sm:gap-x-2"
    >
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                active
                  ? 'bg-primary text-primary-foreground'
                  : done
                    ? 'bg-accent text-accent-foreground'
                    : 'border border-border bg-card text-muted-foreground'
              }`}
              aria-hidden
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className={active ? 'font-semibold text-foreground' : 'text-muted-foreground'}>
              {label}
              {done && <span className="sr-only"> (erledigt)</span>}
            </span>
            {index < STEPS.length - 1 && (
              <span aria-hidden className="mx-1 hidden h-px w-10 bg-border sm:block" />
            )}
          </li>
        );
      })}
    </ol>
  );
}

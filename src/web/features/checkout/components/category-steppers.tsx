import { isEarlyBird, ticketsLeft } from '@shared/event-rules';
import { categoryUnitPrice, saleState } from '@shared/ticket-categories';
import { ErrorText } from '@web/components/ui/error-text';
import type { OrderLines } from '../use-order-lines';
import { CheckoutPrice } from './checkout-price';
import { QuantityStepper } from './quantity-stepper';

/**
 * A number per category (docs/product/ticket-categories.md#pricing): each one on sale with its stepper from 0,
 * bounded by its minimum and maximum per order and the seats left; the others say why not
 * (docs/product/ticket-categories.md#sale-window). `errors`: the server's refusal per category id.
 */
export function CategorySteppers({
  lines,
  eventSeats,
  currency,
  now,
  errors,
}: {
  lines: OrderLines;
  eventSeats: number;
  currency: string;
  now: Date;
  errors: Record<string, string>;
}) {
  return (
    <ul
      className="flex flex-col divide-y divide-border"
      aria-label="Ticketarten"
      data-testid="category-steppers"
    >
      {lines.categories.map((category) => {
        const state = saleState(category, now);
        const unit = categoryUnitPrice(category, now);
        const left = ticketsLeft({
          availableSeats: Math.min(category.availableSeats, eventSeats),
          priceUnit: category.priceUnit,
        });
        const max = lines.maxOf(category);
        const status =
          state === 'not_started'
            ? 'noch nicht buchbar'
            : state === 'ended'
              ? 'nicht mehr buchbar'
              : left === 0
                ? 'Ausgebucht'
                : null;
        const limits = [
          `noch ${left} verfügbar`,
          category.minPerOrder > 1 ? `ab ${category.minPerOrder} pro Buchung` : '',
          category.maxPerOrder !== null ? `höchstens ${category.maxPerOrder} pro Buchung` : '',
        ].filter(Boolean);
        return (
          <li
            key={category.id}
            className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0"
            data-testid="category-line"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <span className="font-semibold break-words">{category.name}</span>
              <CheckoutPrice
                unitCents={unit}
                regularUnitCents={category.priceCents}
                early={isEarlyBird(category, now)}
                currency={currency}
                priceUnit={category.priceUnit}
              />
            </div>
            {category.description && (
              <p className="text-sm whitespace-pre-line text-muted-foreground">{category.description}</p>
            )}
            {status ? (
              <p className="text-sm font-medium text-muted-foreground">{status}</p>
            ) : (
              <QuantityStepper
                label={`Anzahl ${category.name}`}
                itemName={category.name}
                value={lines.quantities[category.id] ?? 0}
                max={max}
                lower={0}
                minimum={category.minPerOrder}
                onChange={(value) => lines.setQuantity(category.id, value)}
                hint={limits.join(' · ')}
              />
            )}
            {errors[category.id] && <ErrorText>{errors[category.id]}</ErrorText>}
          </li>
        );
      })}
    </ul>
  );
}

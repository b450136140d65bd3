import type { PricedLine } from '@shared/ticket-categories';
import { formatPrice } from '@web/lib/format';
import type { OrderPrice } from '../checkout-rules';

/**
 * The summary card: event, quantity × unit price, total (docs/product/booking-and-seats.md#server-prices). With
 * several categories one row per line, and a redeemed code's discount as its own row
 * (docs/product/ticket-categories.md#discount-lines).
 */
export function OrderSummary({
  title,
  quantity,
  price,
  currency,
  unitText,
  lines,
  discount,
}: {
  title: string;
  quantity: number;
  price: OrderPrice;
  currency: string;
  /** 'Ticket' or 'Ticket (1 Paar)': what one unit is. */
  unitText: string;
  /** Several categories: the lines instead of the one quantity. */
  lines?: PricedLine[];
  discount?: { code: string; cents: number } | null;
}) {
  const money = (cents: number) => (cents === 0 ? 'Kostenlos' : formatPrice(cents, currency));
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Zusammenfassung
      </h2>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Event</dt>
          <dd className="text-right font-medium">{title}</dd>
        </div>
        {lines ? (
          lines.map((line) => (
            <div key={line.categoryId} className="flex justify-between gap-4" data-testid="summary-line">
              <dt className="min-w-0 break-words text-muted-foreground">{line.name}</dt>
              <dd className="text-right tabular-nums">
                {line.quantity} × {money(line.unitPriceCents)}
              </dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{unitText}</dt>
            <dd className="text-right tabular-nums">
              {quantity} × {money(price.unitCents)}
            </dd>
          </div>
        )}
        {discount && discount.cents > 0 && (
          <div className="flex justify-between gap-4" data-testid="summary-discount">
            <dt className="text-muted-foreground">Gutschein {discount.code}</dt>
            <dd className="text-right tabular-nums">−{formatPrice(discount.cents, currency)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-semibold">Gesamt</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
            {price.free ? 'Kostenlos' : formatPrice(price.totalCents, currency)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

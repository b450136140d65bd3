import { currentUnitPriceCents, isEarlyBird, priceUnitLabel } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { formatPrice } from '@web/lib/format';
import { Badge } from '@web/components/ui/badge';

type PriceEvent = Pick<
  PublicEvent,
  'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt' | 'currency' | 'priceUnit' | 'categories'
>;

/**
 * The price with its unit; during the early-bird phase the badge 'Frühbucher' and the normal price struck
 * through (docs/product/events.md#early-bird). A free event reads 'Kostenlos'
 * (docs/product/events.md#free-event). When the visible categories cost different amounts now, the lowest with
 * 'ab' ('ab 120,00 € / Person', docs/product/ticket-categories.md#pricing); the event's price columns mirror the
 * cheapest category, so its unit is the event's.
 */
export function EventPrice({
  event,
  now,
  unitStyle = 'compact',
  size = 'md',
}: {
  event: PriceEvent;
  now: Date;
  unitStyle?: 'compact' | 'long';
  size?: 'md' | 'lg';
}) {
  const amountClass = size === 'lg' ? 'text-2xl font-semibold' : 'font-semibold';
  const from = lowestPrice(event.categories, now);
  const varies = from?.varies ?? false;
  const eventEarly = isEarlyBird(event, now);
  const eventCurrent = eventEarly ? event.earlyBirdPriceCents! : event.priceCents;
  // with 'ab', the early bird shows when the lowest price is the mirrored category's early-bird price
  const current = varies ? from!.cents : eventCurrent;
  const early = eventEarly && current === eventCurrent;
  return (
    <span
      className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-1"
      data-testid={varies ? 'price-from' : undefined}
    >
      {early && (
        <>
          <Badge tone="primary">Frühbucher</Badge>
          <span className="text-sm text-muted-foreground">
            <span className="sr-only">statt </span>
            <del>{formatPrice(event.priceCents, event.currency)}</del>
          </span>
        </>
      )}
      {current === 0 && !varies ? (
        <span className={amountClass}>Kostenlos</span>
      ) : (
        <span>
          {varies && 'ab '}
          <span className={amountClass}>{formatPrice(current, event.currency)}</span>{' '}
          <span className="text-sm text-muted-foreground">{priceUnitLabel(event.priceUnit, unitStyle)}</span>
        </span>
      )}
    </span>
  );
}

/**
 * priceFrom of src/shared/ticket-categories.ts, on the few fields a card has: the lowest current price of the
 * visible categories and whether they differ. Repeated here so the home page's first download stays without the
 * pricing module (scripts/bundle-budget.mjs); event-price.test.tsx holds the two to the same answers.
 */
export function lowestPrice(categories: PublicEvent['categories'], now: Date) {
  const prices = (categories ?? [])
    .filter((category) => !category.requiresCode)
    .map((category) => currentUnitPriceCents(category, now));
  if (prices.length === 0) return null;
  const cents = Math.min(...prices);
  return { cents, varies: prices.some((price) => price !== cents) };
}

import { isEarlyBird, priceUnitLabel } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { priceFrom } from '@shared/ticket-categories';
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
  const from = event.categories ? priceFrom(event.categories, now) : null;
  if (from?.varies) {
    return (
      <span data-testid="price-from">
        ab <span className={amountClass}>{formatPrice(from.cents, event.currency)}</span>{' '}
        <span className="text-sm text-muted-foreground">{priceUnitLabel(event.priceUnit, unitStyle)}</span>
      </span>
    );
  }
  const early = isEarlyBird(event, now);
  const current = early ? event.earlyBirdPriceCents! : event.priceCents;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {early && (
        <>
          <Badge tone="primary">Frühbucher</Badge>
          <span className="text-sm text-muted-foreground">
            <span className="sr-only">statt </span>
            <del>{formatPrice(event.priceCents, event.currency)}</del>
          </span>
        </>
      )}
      {current === 0 ? (
        <span className={amountClass}>Kostenlos</span>
      ) : (
        <span>
          <span className={amountClass}>{formatPrice(current, event.currency)}</span>{' '}
          <span className="text-sm text-muted-foreground">{priceUnitLabel(event.priceUnit, unitStyle)}</span>
        </span>
      )}
    </span>
  );
}

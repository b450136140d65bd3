import { isEarlyBird, priceUnitLabel } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { formatPrice } from '@web/lib/format';
import { Badge } from '@web/components/ui/badge';

type PriceEvent = Pick<
  PublicEvent,
  'priceCents' | 'earlyBirdPriceCents' | 'earlyBirdEndsAt' | 'currency' | 'priceUnit'
>;

/**
 * The price with its unit; during the early-bird phase the badge 'Frühbucher' and the normal price struck
 * through (docs/product/events.md#early-bird). A free event reads 'Kostenlos'
 * (docs/product/events.md#free-event).
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
  const early = isEarlyBird(event, now);
  const current = early ? event.earlyBirdPriceCents! : event.priceCents;
  const amountClass = size === 'lg' ? 'text-2xl font-semibold' : 'font-semibold';
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

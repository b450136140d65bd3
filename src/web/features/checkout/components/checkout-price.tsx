import { priceUnitLabel } from '@shared/event-rules';
import type { PriceUnit } from '@shared/events';
import { formatPrice } from '@web/lib/format';

/**
 * The ticket price with its unit ('/ Person', '/ Paar'); during the early-bird phase with 'Frühbucher' and
 * the normal price struck through (docs/product/events.md#early-bird). A free event reads 'Kostenlos'.
 */
export function CheckoutPrice({
  unitCents,
  regularUnitCents,
  early,
  currency,
  priceUnit,
}: {
  unitCents: number;
  regularUnitCents: number;
  early: boolean;
  currency: string;
  priceUnit: PriceUnit;
}) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {early && (
        <>
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
            Frühbucher
          </span>
          <span className="text-sm text-muted-foreground">
            <span className="sr-only">statt </span>
            <del>{formatPrice(regularUnitCents, currency)}</del>
          </span>
        </>
      )}
      {unitCents === 0 ? (
        <span className="font-semibold">Kostenlos</span>
      ) : (
        <span>
          <span className="font-semibold">{formatPrice(unitCents, currency)}</span>{' '}
          <span className="text-sm text-muted-foreground">{priceUnitLabel(priceUnit)}</span>
        </span>
      )}
    </span>
  );
}

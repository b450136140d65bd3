import { earlyBirdCountdown, isEarlyBird, priceUnitLabel, ticketsLeft } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { categoryUnitPrice, saleState, type PublicTicketCategory } from '@shared/ticket-categories';
import { Badge } from '@web/components/ui/badge';
import { formatPrice } from '@web/lib/format';

/** The categories an event page lists: more than one visible (docs/product/ticket-categories.md#one-category). */
export const listedCategories = (event: Pick<PublicEvent, 'categories'>) =>
  (event.categories ?? []).filter((category) => !category.requiresCode);

/**
 * 'Tickets' on the event page when it has several categories: name, description, price (early bird with the
 * regular price struck through and how long it runs), unit, tickets left and the sale window
 * (docs/product/ticket-categories.md#sale-window). Names and descriptions are plain text (React escapes them).
 */
export function TicketCategoryList({
  event,
  now,
}: {
  event: Pick<PublicEvent, 'categories' | 'currency' | 'availableSeats'>;
  now: Date;
}) {
  const categories = listedCategories(event);
  if (categories.length < 2) return null;
  return (
    <section aria-labelledby="ticket-categories-heading" className="mb-8">
      <h2 id="ticket-categories-heading" className="text-lg font-semibold">
        Tickets
      </h2>
      <ul className="mt-3 flex flex-col gap-3" data-testid="ticket-categories">
        {categories.map((category) => (
          <CategoryItem
            key={category.id}
            category={category}
            currency={event.currency}
            eventSeats={event.availableSeats}
            now={now}
          />
        ))}
      </ul>
    </section>
  );
}

function CategoryItem({
  category,
  currency,
  eventSeats,
  now,
}: {
  category: PublicTicketCategory;
  currency: string;
  eventSeats: number;
  now: Date;
}) {
  const early = isEarlyBird(category, now);
  const unit = categoryUnitPrice(category, now);
  const countdown =
    early && category.earlyBirdEndsAt ? earlyBirdCountdown(category.earlyBirdEndsAt, now) : null;
  const state = saleState(category, now);
  // live seat updates move the event's free seats; a category never has more (docs/product/ticket-categories.md#seats)
  const left = ticketsLeft({
    availableSeats: Math.min(category.availableSeats, eventSeats),
    priceUnit: category.priceUnit,
  });
  return (
    <li className="rounded-xl border border-border bg-card p-4" data-testid="ticket-category">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold break-words">{category.name}</h3>
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          {early && (
            <span className="text-sm text-muted-foreground">
              <span className="sr-only">statt </span>
              <del>{formatPrice(category.priceCents, currency)}</del>
            </span>
          )}
          <span className="font-semibold">{unit === 0 ? 'Kostenlos' : formatPrice(unit, currency)}</span>
          {unit > 0 && (
            <span className="text-sm text-muted-foreground">{priceUnitLabel(category.priceUnit)}</span>
          )}
        </span>
      </div>
      {category.description && (
        <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{category.description}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {early && <Badge tone="primary">Frühbucher</Badge>}
        {countdown && <span className="text-primary">Frühbucherpreis {countdown}</span>}
        {state === 'not_started' ? (
          <Badge tone="neutral">noch nicht buchbar</Badge>
        ) : state === 'ended' ? (
          <Badge tone="neutral">nicht mehr buchbar</Badge>
        ) : left === 0 ? (
          <Badge tone="destructive">Ausgebucht</Badge>
        ) : (
          <Badge tone="success">{`${left} ${left === 1 ? 'Ticket' : 'Tickets'} übrig`}</Badge>
        )}
      </div>
    </li>
  );
}

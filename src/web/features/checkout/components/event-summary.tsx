import { Ticket, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { eventAddress } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { EventCover, type CoverSource } from '@web/components/event-cover';
import { EventWhenWhere } from '@web/components/event-when-where';
import type { EventSpan } from '@shared/date-range';
import { priceUnitLabel } from '@shared/event-rules';
import { formatPrice } from '@web/lib/format';
import type { OrderPrice } from '../checkout-rules';
import { CheckoutPrice } from './checkout-price';

/** The event being booked: picture, title, date, time range, place and price. */
export function EventSummary({
  event,
  price,
  fromCents = null,
  children,
}: {
  event: PublicEvent;
  price: OrderPrice;
  /** Categories at different prices: the lowest, 'ab …' (docs/product/ticket-categories.md#pricing). */
  fromCents?: number | null;
  /** Extra facts below the price (the older page's seat counter). */
  children?: ReactNode;
}) {
  return (
    <EventPanel titleId="checkout-event-title" event={event} place={eventAddress(event) || event.location}>
      <Fact icon={Ticket} term="Preis">
        {fromCents !== null ? (
          <span>
            ab <span className="font-semibold">{formatPrice(fromCents, event.currency)}</span>{' '}
            <span className="text-sm text-muted-foreground">{priceUnitLabel(event.priceUnit)}</span>
          </span>
        ) : (
          <CheckoutPrice
            unitCents={price.unitCents}
            regularUnitCents={price.regularUnitCents}
            early={price.early}
            currency={event.currency}
            priceUnit={event.priceUnit}
          />
        )}
      </Fact>
      {children}
    </EventPanel>
  );
}

type PanelEvent = EventSpan & CoverSource & { title: string };

/** The event box of the checkout and success pages: cover, title, date, time, place, then the page's facts. */
export function EventPanel({
  titleId,
  event,
  place,
  children,
}: {
  titleId: string;
  event: PanelEvent;
  place: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl border border-border bg-card">
      <EventCover event={event} className="aspect-[2/1] sm:aspect-[2.818]" />
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="font-serif text-xl font-semibold tracking-tight sm:text-2xl">
          {event.title}
        </h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <EventWhenWhere event={event} place={place} Fact={Fact} />
          {children}
        </dl>
      </div>
    </section>
  );
}

export function Fact({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  // dt and dd stay direct children of the group (a valid description list); the icon sits in the dt.
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <Icon className="absolute top-0.5 left-0 h-5 w-5 text-primary" aria-hidden />
        {term}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

import { CalendarDays, Clock, MapPin, Receipt, Ticket } from 'lucide-react';
import type { BookingView } from '@shared/booking';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { eventDateRange, eventTimeRange } from '@shared/date-range';
import { formatPrice } from '@web/lib/format';
import { EventCover } from './event-cover';
import { Fact } from './event-summary';

/**
 * The booked event and what was booked: picture, title, date, time, place, quantity, total and the order
 * number the buyer quotes to the shop (docs/decisions/020-order-numbers.md).
 */
export function BookingOverview({ booking }: { booking: BookingView }) {
  const { event } = booking;
  const perPair = event.priceUnit === 'per_pair';
  const tickets = `${booking.quantity} ${booking.quantity === 1 ? 'Ticket' : 'Tickets'}${perPair ? ` (je 1 Paar)` : ''}`;
  return (
    <section
      aria-labelledby="booking-event-title"
      className="overflow-hidden rounded-2xl border border-border bg-card"
    >
      <EventCover url={event.imageUrl} className="aspect-[2/1] sm:aspect-[2.818]" />
      <div className="p-5 sm:p-6">
        <h2 id="booking-event-title" className="font-serif text-xl font-semibold tracking-tight sm:text-2xl">
          {event.title}
        </h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <Fact icon={CalendarDays} term="Datum">
            {eventDateRange(event)}
          </Fact>
          <Fact icon={Clock} term="Zeit">
            {eventTimeRange(event)}
          </Fact>
          <Fact icon={MapPin} term="Ort">
            {event.mode === 'online' ? 'Online' : event.location}
          </Fact>
          <Fact icon={Ticket} term="Gebucht">
            <span data-testid="booking-quantity">{tickets}</span>
            {' · '}
            <span className="font-semibold">
              {booking.totalAmountCents === 0
                ? 'Kostenlos'
                : formatPrice(booking.totalAmountCents, booking.currency)}
            </span>
            {booking.holderName && (
              <span className="block text-muted-foreground">auf den Namen {booking.holderName}</span>
            )}
          </Fact>
          <Fact icon={Receipt} term={ORDER_NUMBER_LABEL}>
            <span data-testid="order-number" className="font-mono font-semibold">
              {booking.orderNumber}
            </span>
          </Fact>
        </dl>
      </div>
    </section>
  );
}

import { Receipt, Ticket } from 'lucide-react';
import type { BookingView } from '@shared/booking';
import { eventVenueLine } from '@shared/venue-line';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { formatPrice } from '@web/lib/format';
import { EventPanel, Fact } from './event-summary';

/**
 * The booked event and what was booked: picture, title, date, time, place, quantity, total and the order
 * number the buyer quotes to the shop (docs/decisions/020-order-numbers.md). Several lines or a discount: each
 * line and the code's discount as the server booked them (docs/product/ticket-categories.md#discount-lines).
 */
export function BookingOverview({ booking }: { booking: BookingView }) {
  const { event } = booking;
  const perPair = event.priceUnit === 'per_pair';
  const tickets = `${booking.quantity} ${booking.quantity === 1 ? 'Ticket' : 'Tickets'}${perPair ? ` (je 1 Paar)` : ''}`;
  return (
    <EventPanel
      titleId="booking-event-title"
      event={event}
      // venue, room and town: where to go on the day (docs/product/events.md#venue-for-buyers)
      place={eventVenueLine(event)}
    >
      <Fact icon={Ticket} term="Gebucht">
        <span data-testid="booking-quantity">{tickets}</span>
        {' · '}
        <span className="font-semibold">
          {booking.totalAmountCents === 0
            ? 'Kostenlos'
            : formatPrice(booking.totalAmountCents, booking.currency)}
        </span>
        <BookedLines booking={booking} />
        {booking.holderName && (
          <span className="block text-muted-foreground">auf den Namen {booking.holderName}</span>
        )}
      </Fact>
      <Fact icon={Receipt} term={ORDER_NUMBER_LABEL}>
        <span data-testid="order-number" className="font-mono font-semibold">
          {booking.orderNumber}
        </span>
      </Fact>
    </EventPanel>
  );
}

function BookedLines({ booking }: { booking: BookingView }) {
  const items = booking.items ?? [];
  if (items.length < 2 && !booking.discountCents) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground" data-testid="booking-lines">
      {items.map((item) => (
        <li key={item.categoryId}>
          {item.quantity} × {item.name} ·{' '}
          <span className="tabular-nums">
            {formatPrice(item.quantity * item.unitPriceCents, booking.currency)}
          </span>
        </li>
      ))}
      {booking.discountCents > 0 && (
        <li>
          Gutschein {booking.discountCode} ·{' '}
          <span className="tabular-nums">−{formatPrice(booking.discountCents, booking.currency)}</span>
        </li>
      )}
    </ul>
  );
}

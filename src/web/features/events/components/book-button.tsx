import { useNavigate } from 'react-router';
import { isPastEvent, seatBadge } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { Button } from '@web/components/ui/button';
import { useSession } from '@web/lib/session';

type BookableEvent = Pick<
  PublicEvent,
  'id' | 'slug' | 'startTime' | 'totalSeats' | 'availableSeats' | 'priceUnit'
>;

/**
 * 'Jetzt buchen' (docs/product/booking-and-seats.md#book-button): signed-in users go to /checkout/{eventId};
 * guests to the event's sign-in page, which remembers the checkout as the target. Disabled 'Ausgebucht' when
 * sold out; no button for events that have started.
 */
export function BookButton({
  event,
  now,
  size = 'lg',
  className = '',
}: {
  event: BookableEvent;
  now: Date;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const navigate = useNavigate();
  const { status } = useSession();
  if (isPastEvent(event, now)) return null;
  if (seatBadge(event, now)?.kind === 'soldout') {
    return (
      <Button size={size} disabled className={className}>
        Ausgebucht
      </Button>
    );
  }
  const checkout = `/checkout/${event.id}`;
  const book = () => {
    if (status === 'signed-in') void navigate(checkout);
    else void navigate(`/event/${event.slug}/login`, { state: { from: { pathname: checkout } } });
  };
  return (
    <Button size={size} onClick={book} className={className}>
      Jetzt buchen
    </Button>
  );
}

import type { ReactNode } from 'react';
import type { PublicEvent } from '@shared/events';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useCheckoutEvent } from '../api/get-checkout-event';
import { availability } from '../checkout-rules';
import { useNow } from '@web/lib/use-now';
import { CheckoutProblem } from './checkout-problem';

/**
 * Loads the event of a booking page and renders the page only while it can be booked; otherwise a
 * friendly state with a link back: 'Event nicht gefunden', over, or 'Ausgebucht'. `reserved`: the seats of
 * a waiting-list offer are the user's, so a sold-out event is still bookable for them
 * (docs/product/waiting-list.md#offer-checkout); `notice` is said above 'Ausgebucht' (a lost offer).
 */
export function BookableEvent({
  eventId,
  title,
  reserved = false,
  notice,
  children,
}: {
  eventId: string;
  title: string;
  reserved?: boolean;
  notice?: ReactNode;
  children: (event: PublicEvent, now: Date) => ReactNode;
}) {
  const { data: event, error, isPending } = useCheckoutEvent(eventId);
  const now = useNow();
  const notFound = error instanceof ApiError && error.status === 404;
  const available = event ? availability(event, now) : null;
  const state = available === 'soldout' && reserved ? 'bookable' : available;
  usePageTitle(
    notFound
      ? 'Event nicht gefunden'
      : state === 'soldout'
        ? 'Ausgebucht'
        : event
          ? `${title} · ${event.title}`
          : title,
  );

  if (event && state === 'bookable') return children(event, now);
  if (event && state === 'past') {
    return (
      <CheckoutProblem
        title="Diese Veranstaltung ist vorbei"
        to={`/event/${event.slug}`}
        linkText="Zurück zum Event"
      >
        „{event.title}“ hat bereits stattgefunden und kann nicht mehr gebucht werden.
      </CheckoutProblem>
    );
  }
  if (event && state === 'soldout') {
    return (
      <CheckoutProblem title="Ausgebucht" to={`/event/${event.slug}`} linkText="Zurück zum Event">
        {notice && <p className="mb-2 font-medium text-foreground">{notice}</p>}
        Für „{event.title}“ sind leider keine Plätze mehr frei.
      </CheckoutProblem>
    );
  }
  if (isPending) return <PageSpinner />;
  return (
    <CheckoutProblem
      title={notFound ? 'Event nicht gefunden' : 'Das Event konnte nicht geladen werden.'}
      to="/"
      linkText="Alle Veranstaltungen"
    >
      {notFound
        ? 'Diese Veranstaltung gibt es nicht (mehr) oder sie ist nicht öffentlich.'
        : 'Bitte versuche es gleich noch einmal.'}
    </CheckoutProblem>
  );
}

import { Ticket, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  earlyBirdCountdown,
  eventAddress,
  isEarlyBird,
  isPastEvent,
  mapsUrl,
  perTicketText,
} from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { minimumAttendanceText } from '@shared/events';
import { EventWhenWhere } from '@web/components/event-when-where';
import { useClientValue } from '@web/lib/client-value';
import { EventPrice, lowestPrice } from './event-price';
import { SeatBadgeView } from './seat-badge';

/**
 * Apple Maps on iOS devices, Google Maps elsewhere (docs/product/events.md#place). Only the browser knows the
 * device: a server-rendered page hydrates with Google Maps, then switches
 * (docs/architecture.md#server-rendering).
 */
const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(`${navigator.platform} ${navigator.userAgent}`) ||
  // iPadOS reports itself as a Mac; the touch screen gives it away
  (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** Date, time, place with map link, seats, price and the early-bird countdown of the detail page. */
export function EventFacts({ event, now }: { event: PublicEvent; now: Date }) {
  // categories at different prices: 'ab …' here, each one's early bird in the list 'Tickets'; the countdown
  // while the lowest price is the event's early-bird price (EventPrice shows its badge then)
  const from = lowestPrice(event.categories, now);
  const lowestIsEarly = !from?.varies || from.cents === event.earlyBirdPriceCents;
  const countdown =
    lowestIsEarly && isEarlyBird(event, now) && event.earlyBirdEndsAt
      ? earlyBirdCountdown(event.earlyBirdEndsAt, now)
      : null;
  return (
    <dl className="flex flex-col gap-4 text-sm">
      <EventWhenWhere event={event} place={<Place event={event} />} Fact={Fact} />
      {/* a past event has no seats to speak of: no empty 'Plätze' (docs/decisions/049-admin-screens-say-what-they-mean.md) */}
      {!isPastEvent(event, now) && (
        <Fact icon={Users} term="Plätze">
          <SeatBadgeView event={event} now={now} />
          {/* docs/product/event-mails.md#minimum-attendance: from the event data alone, the same on the server */}
          {event.minParticipants != null && event.status !== 'cancelled' && (
            <span className="mt-1 block text-muted-foreground">
              {minimumAttendanceText(event.minParticipants)}
            </span>
          )}
        </Fact>
      )}
      <Fact icon={Ticket} term="Preis">
        <EventPrice event={event} now={now} unitStyle="long" size="lg" />
        <span className="mt-1 block text-muted-foreground">{perTicketText(event.priceUnit)}</span>
        {countdown && (
          <span className="mt-2 block font-medium text-primary" data-testid="early-bird-countdown">
            Frühbucherpreis {countdown}
          </span>
        )}
      </Fact>
    </dl>
  );
}

function Fact({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden />
        {term}
      </dt>
      <dd className="mt-1 min-w-0 pl-8">{children}</dd>
    </div>
  );
}

function Place({ event }: { event: PublicEvent }) {
  const appleMobile = useClientValue(isAppleMobile, false);
  if (event.mode === 'online') {
    return (
      <>
        Online
        <span className="block text-muted-foreground">Den Zugangslink erhältst du mit deinem Ticket.</span>
      </>
    );
  }
  const lines = [event.venue, event.room, event.locationDetails, event.location].filter(
    (line, index, all): line is string => Boolean(line?.trim()) && all.indexOf(line) === index,
  );
  return (
    <>
      {lines.map((line, index) => (
        <span key={line} className={index === 0 ? 'block font-medium' : 'block text-muted-foreground'}>
          {line}
        </span>
      ))}
      <a
        href={mapsUrl(eventAddress(event), appleMobile ? 'apple' : 'google')}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-block font-medium text-primary underline underline-offset-2"
      >
        Auf der Karte ansehen
      </a>
    </>
  );
}

import { ArrowRightLeft, CalendarDays, Clock, CreditCard, MapPin, Receipt, Ticket, User } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { eventDateRange, eventTimeRange } from '@shared/date-range';
import { eventVenueLine } from '@shared/venue-line';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { TICKET_MESSAGES, type MyTicket, type TicketEventSummary } from '@shared/tickets';
import { EventCover } from '@web/components/event-cover';
import { OnlineLink } from '@web/components/online-link';
import { TicketActions } from './ticket-actions';
import { TicketAnswers } from './ticket-answers';
import { TicketBadges } from './ticket-status-badge';

/** 'Sa., 14.03.2026' and '18:30–20:00 Uhr' in the event's time zone, by the shared formatter. */
const whenText = (event: TicketEventSummary) => ({
  date: eventDateRange(event),
  time: eventTimeRange(event),
});

/**
 * Whom the buyer transferred the ticket to; null while it is theirs, and for the substitute, who sees their
 * own name (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export const transferredToName = (ticket: MyTicket): string | null =>
  ticket.transferredTo ? ticket.transferredTo.name || ticket.transferredTo.email : null;

/**
 * One ticket of 'Meine Tickets': event, date, place, holder, code, status, actions
 * (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function TicketCard({
  ticket,
  now,
  adminActions,
}: {
  ticket: MyTicket;
  now: Date;
  /** An admin's extra actions (the app passes them: app/my-tickets-route.tsx). */
  adminActions?: ReactNode;
}) {
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const cancelled = ticket.status !== 'active';
  const { event } = ticket;
  const when = whenText(event);
  const transferredTo = transferredToName(ticket);
  return (
    <article
      ref={cardRef}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      className={`flex flex-col gap-4 rounded-xl border border-border p-4 shadow-sm sm:p-5 ${cancelled ? 'bg-muted' : 'bg-card text-card-foreground'}`}
    >
      <div className="flex gap-4">
        <EventCover
          event={event}
          loading="lazy"
          thumbnail
          className={`h-16 w-16 shrink-0 rounded-lg sm:h-24 sm:w-36 ${cancelled ? 'opacity-60 grayscale' : ''}`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <TicketBadges ticket={ticket} now={now} />
          <h2 id={titleId} className="text-lg font-semibold leading-snug">
            <Link
              to={`/event/${encodeURIComponent(event.slug)}`}
              className={`break-words hover:underline ${cancelled ? 'text-muted-foreground' : ''}`}
            >
              {event.title}
            </Link>
          </h2>
          <ul className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2 sm:gap-x-6">
            <Fact icon={CalendarDays} label="Datum">
              {when.date}
            </Fact>
            <Fact icon={Clock} label="Zeit">
              {when.time}
            </Fact>
            <Fact icon={MapPin} label="Ort">
              {eventVenueLine(event)}
            </Fact>
            {transferredTo ? (
              <Fact icon={ArrowRightLeft}>Übertragen an {transferredTo}</Fact>
            ) : (
              ticket.holderName && (
                <Fact icon={User} label="Name auf dem Ticket">
                  {ticket.holderName}
                </Fact>
              )
            )}
            <Fact icon={Ticket}>
              Code <span className="font-mono font-semibold text-foreground">{ticket.code}</span>
            </Fact>
            <Fact icon={Receipt}>
              {ORDER_NUMBER_LABEL}{' '}
              <span className="font-mono font-semibold text-foreground">{ticket.orderNumber}</span>
            </Fact>
            {ticket.paymentMethod && (
              // docs/product/payments.md#method-names
              <Fact icon={CreditCard}>Zahlungsart: {ticket.paymentMethod}</Fact>
            )}
          </ul>
          {!cancelled && event.mode === 'online' && <OnlineLink url={ticket.onlineUrl} />}
          {ticket.answers && <TicketAnswers bookingId={ticket.bookingId} answers={ticket.answers} />}
          {cancelled && <p className="text-sm font-medium">{TICKET_MESSAGES.cancelled}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <TicketActions ticket={ticket} now={now} cardRef={cardRef} />
        {adminActions}
      </div>
    </article>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof MapPin; label?: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 break-words">
        {label && <span className="sr-only">{label}: </span>}
        {children}
      </span>
    </li>
  );
}

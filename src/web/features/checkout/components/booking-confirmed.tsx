import { CircleCheck, Mail } from 'lucide-react';
import { Link } from 'react-router';
import type { BookingEventSummary, BookingView } from '@shared/booking';
import { AddToCalendar, type CalendarEvent } from '@web/components/add-to-calendar';
import { OnlineLink } from '@web/components/online-link';
import { buttonClasses } from '@web/components/ui/button';

/**
 * The confirmation on the success page: tickets, where they went, what next
 * (docs/product/payments.md#confirm-on-success).
 */
export function BookingConfirmed({ booking }: { booking: BookingView }) {
  const many = booking.tickets.length !== 1;
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="tickets-heading"
        className="rounded-2xl border border-success/30 bg-success-bg p-5 text-foreground sm:p-6"
      >
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 id="tickets-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {many ? 'Deine Tickets' : 'Dein Ticket'}
              {booking.isTest && (
                <span className="rounded-full bg-warning-bg px-2.5 py-0.5 text-xs font-semibold text-warning">
                  TEST
                </span>
              )}
            </h2>
            <p className="mt-1 flex items-center gap-2 text-sm">
              <Mail className="h-4 w-4 shrink-0" aria-hidden />
              Wir haben dir {many ? 'deine Tickets' : 'dein Ticket'} auch per E-Mail geschickt.
            </p>
            {booking.tickets.length > 0 ? (
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {booking.tickets.map((ticket, index) => (
                  <li key={ticket.id} className="rounded-xl border border-border bg-card px-4 py-3">
                    <span className="block text-xs text-muted-foreground">Ticket {index + 1} · Code</span>
                    <span className="font-mono text-xl font-semibold tracking-widest">{ticket.code}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      Nr. {ticket.ticketNumber}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm">Deine Tickets werden gerade ausgestellt.</p>
            )}
          </div>
        </div>
      </section>
      {booking.event.mode === 'online' && booking.tickets.length > 0 && (
        <section
          aria-labelledby="online-link-heading"
          className="rounded-2xl border border-border bg-card p-5 sm:p-6"
        >
          <h2 id="online-link-heading" className="text-lg font-semibold">
            Online teilnehmen
          </h2>
          <OnlineLink url={booking.onlineUrl} className="mt-3" />
        </section>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/my-tickets" className={buttonClasses('primary', 'lg')}>
          Zu meinen Tickets
        </Link>
        <Link to="/events" className={buttonClasses('secondary', 'lg')}>
          Weitere Events
        </Link>
      </div>
      <AddToCalendar
        event={calendarEvent(booking.event)}
        className="rounded-2xl border border-border bg-card p-5 sm:p-6"
      />
    </div>
  );
}

/**
 * The booking's copy of the event carries the short description only; the venue goes into the calendar's
 * location with the town (docs/product/events.md#venue-for-buyers).
 */
const calendarEvent = (event: BookingEventSummary): CalendarEvent => ({
  slug: event.slug,
  title: event.title,
  description: event.shortDescription ?? '',
  startTime: event.startTime,
  endTime: event.endTime,
  timezone: event.timezone,
  mode: event.mode,
  location: event.location,
  venue: event.venue ?? null,
});

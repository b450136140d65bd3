import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS, type DashboardBooking } from '@shared/admin-dashboard';
import { userBookingsPath } from '@shared/admin-users';
import type { BookingStatus } from '@shared/booking';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatCount, formatDateTimeShort, formatPrice } from '@web/lib/format';
import { DashboardPanel, eventEditPath, linkClass } from './dashboard-panel';

const STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  cancelled: 'destructive',
  expired: 'neutral',
};

/** The bookings made last, whatever became of them (open checkouts and expired holds too). */
export function NewestBookings({ bookings }: { bookings: DashboardBooking[] }) {
  return (
    <DashboardPanel
      id="newest-bookings"
      title="Neueste Buchungen"
      link={{ to: '/admin/bookings', label: 'Alle Buchungen' }}
      empty={bookings.length === 0 ? 'Noch keine Buchungen.' : null}
    >
      <ul className="flex flex-col divide-y divide-border">
        {bookings.map((booking) => (
          <li
            key={booking.id}
            className="grid gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem]"
          >
            <div className="min-w-0">
              {booking.profileId ? (
                <Link to={userBookingsPath(booking.profileId)} className={`${linkClass} break-words`}>
                  {booking.buyerName ?? booking.buyerEmail ?? 'Unbekannt'}
                </Link>
              ) : (
                <span className="font-medium">{booking.buyerName ?? 'Gelöschtes Konto'}</span>
              )}
              {booking.buyerName && booking.buyerEmail && (
                <p className="truncate text-sm text-muted-foreground">{booking.buyerEmail}</p>
              )}
              {!booking.profileId && booking.buyerName && (
                <p className="text-sm text-muted-foreground">Konto gelöscht</p>
              )}
            </div>
            <div className="min-w-0 text-sm">
              <Link to={eventEditPath(booking.eventId)} className={`${linkClass} break-words`}>
                {booking.eventTitle}
              </Link>
              <p className="text-muted-foreground tabular-nums">{formatDateTimeShort(booking.createdAt)}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm md:flex-col md:items-end">
              <span className="tabular-nums">
                {formatCount(booking.quantity)} {booking.quantity === 1 ? 'Ticket' : 'Tickets'} ·{' '}
                {formatPrice(booking.totalAmountCents, booking.currency)}
              </span>
              <span className="flex gap-1">
                <Badge tone={STATUS_TONES[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>
                {booking.isTest && <Badge tone="primary">Test</Badge>}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}

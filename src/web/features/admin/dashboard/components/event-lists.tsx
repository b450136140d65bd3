import { Link } from 'react-router';
import type { DashboardEvent, DashboardUpcomingEvent } from '@shared/admin-dashboard';
import { EVENT_STATUS_LABELS } from '@shared/admin-events';
import type { EventStatus } from '@shared/events';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { DashboardPanel, eventEditPath, linkClass } from './dashboard-panel';
import { SeatProgress } from './seat-progress';

const STATUS_TONES: Record<EventStatus, BadgeTone> = {
  draft: 'neutral',
  published: 'success',
  cancelled: 'destructive',
  completed: 'primary',
};

function EventTitle({ event }: { event: DashboardEvent }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Link to={eventEditPath(event.id)} className={`${linkClass} min-w-0 break-words`}>
        {event.title}
      </Link>
      {event.hidden && <Badge>Versteckt</Badge>}
    </div>
  );
}

/** The next published events and how full they are. */
export function UpcomingEvents({ events }: { events: DashboardUpcomingEvent[] }) {
  return (
    <DashboardPanel
      id="upcoming-events"
      title="Nächste Events"
      link={{ to: '/admin/events', label: 'Alle Events' }}
      empty={events.length === 0 ? 'Keine bevorstehenden Events.' : null}
    >
      <ul className="flex flex-col divide-y divide-border">
        {events.map((event) => (
          <li key={event.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <EventTitle event={event} />
              <span className="text-sm text-muted-foreground tabular-nums">
                {formatDateTimeShort(event.startTime, event.timezone)}
              </span>
            </div>
            <SeatProgress title={event.title} figures={event} />
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}

/** The events created last, drafts included. */
export function NewestEvents({ events }: { events: DashboardEvent[] }) {
  return (
    <DashboardPanel
      id="newest-events"
      title="Neueste Events"
      link={{ to: '/admin/events', label: 'Alle Events' }}
      empty={
        events.length === 0 ? (
          <div className="flex flex-col items-center gap-3">
            <p>Noch keine Events angelegt.</p>
            <Link to="/admin/events/new" className={buttonClasses('secondary', 'sm')}>
              Erstes Event erstellen
            </Link>
          </div>
        ) : null
      }
    >
      <ul className="flex flex-col divide-y divide-border">
        {events.map((event) => (
          <li key={event.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <EventTitle event={event} />
              <Badge tone={STATUS_TONES[event.status]}>{EVENT_STATUS_LABELS[event.status]}</Badge>
            </div>
            <p className="text-sm text-muted-foreground tabular-nums">
              Beginn {formatDateTimeShort(event.startTime, event.timezone)} · angelegt{' '}
              {formatDateTimeShort(event.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}

import { CalendarPlus, Download } from 'lucide-react';
import { calendarFileName, googleCalendarUrl } from '@shared/event-rules';
import { useClientValue } from '@web/lib/client-value';
import { buttonClasses } from './ui/button';

export type CalendarEvent = Parameters<typeof googleCalendarUrl>[0];

const readOrigin = () => window.location.origin;

/**
 * 'Zum Kalender hinzufügen' on the event page and the booking's success page: a Google Calendar link
 * (built locally), the Apple calendar (the .ics file opens the calendar app on Apple devices) and the same
 * file as a download named after the slug. `className` is the box around it.
 */
export function AddToCalendar({ event, className }: { event: CalendarEvent; className: string }) {
  // The site's address is the browser's: a server-rendered page hydrates with the event's link as a path and
  // makes it absolute right after (docs/architecture.md#server-rendering).
  const origin = useClientValue(readOrigin, '');
  const icsUrl = `/api/events/${encodeURIComponent(event.slug)}/calendar.ics`;
  const linkClass = buttonClasses('secondary', 'md', 'w-full sm:w-auto');
  return (
    <section aria-labelledby="calendar-heading" className={className}>
      <h2 id="calendar-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarPlus className="h-5 w-5 text-primary" aria-hidden />
        Zum Kalender hinzufügen
      </h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a
          href={googleCalendarUrl(event, origin)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          Google Kalender
        </a>
        <a href={icsUrl} className={linkClass}>
          Apple Kalender
        </a>
        <a href={icsUrl} download={calendarFileName(event.slug)} className={linkClass}>
          <Download className="h-4 w-4" aria-hidden />
          .ics herunterladen
        </a>
      </div>
    </section>
  );
}

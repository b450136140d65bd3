import { CalendarPlus, Download } from 'lucide-react';
import type { BookingEventSummary } from '@shared/booking';
import { calendarFileName, googleCalendarUrl } from '@shared/event-rules';
import { buttonClasses } from '@web/components/ui/button';

/**
 * spec visitor §2 'Success page': add to calendar — a Google Calendar link built locally, the Apple
 * calendar (the .ics file opens the calendar app on Apple devices) and the same file as a download.
 */
export function BookingCalendar({ event }: { event: BookingEventSummary }) {
  const icsUrl = `/api/events/${encodeURIComponent(event.slug)}/calendar.ics`;
  const google = googleCalendarUrl(
    {
      slug: event.slug,
      title: event.title,
      description: event.shortDescription ?? '',
      startTime: event.startTime,
      endTime: event.endTime,
      timezone: event.timezone,
      mode: event.mode,
      location: event.location,
      venue: null,
    },
    window.location.origin,
  );
  const linkClass = buttonClasses('secondary', 'md', 'w-full sm:w-auto');
  return (
    <section
      aria-labelledby="calendar-heading"
      className="rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <h2 id="calendar-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarPlus className="h-5 w-5 text-primary" aria-hidden />
        Zum Kalender hinzufügen
      </h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={google} target="_blank" rel="noopener noreferrer" className={linkClass}>
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

import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { PublicEvent } from '@shared/events';
import { DEFAULT_TIMEZONE } from '@shared/settings';
import { vtimezone } from './vtimezone';

/** Without an end, a calendar entry lasts 2 hours (docs/product/events.md#calendar-entry). */
const DEFAULT_LENGTH_HOURS = 2;

export interface EventCalendarOptions {
  siteName: string;
  publicUrl: string;
  /** ORGANIZER needs an address (RFC 5545 CAL-ADDRESS): the shop's contact, never an organizer's own. */
  contactEmail: string;
  now?: Date;
}

export interface EventCalendarFile {
  filename: string;
  body: string;
}

/**
 * The add-to-calendar file (docs/product/events.md#calendar-entry): iCalendar 2.0, CALSCALE:GREGORIAN,
 * METHOD:PUBLISH, start and end as wall times in the event's zone with a VTIMEZONE for it (luxon: a plain Date
 * would be written in the server's zone), location 'Online' for online events, organizer from the first
 * organizer, `{slug}.ics`.
 * The UID is the event id, so importing the file again updates the entry instead of duplicating it.
 */
export function buildEventCalendar(event: PublicEvent, options: EventCalendarOptions): EventCalendarFile {
  const zone = DateTime.now().setZone(event.timezone).isValid ? event.timezone : DEFAULT_TIMEZONE;
  const start = DateTime.fromISO(event.startTime).setZone(zone);
  const givenEnd = DateTime.fromISO(event.endTime).setZone(zone);
  const end = givenEnd > start ? givenEnd : start.plus({ hours: DEFAULT_LENGTH_HOURS });
  const url = new URL(`/event/${event.slug}`, options.publicUrl).toString();
  const firstOrganizer = event.organizers[0];

  const calendar = ical({
    prodId: { company: options.siteName, product: 'Tickets', language: 'DE' },
    // Gregorian is the default of RFC 5545, yet the spec names it and some importers expect it written out
    scale: 'gregorian',
    method: ICalCalendarMethod.PUBLISH,
  });
  // No calendar-wide zone name: ical-generator would then write DTSTAMP as local time, which must be UTC.
  calendar.timezone({ name: null, generator: (tz) => vtimezone(tz, start.toJSDate(), end.toJSDate()) });
  calendar.createEvent({
    id: `${event.id}@${new URL(options.publicUrl).hostname}`,
    stamp: options.now ?? new Date(),
    start,
    end,
    timezone: zone,
    summary: event.title,
    description: [event.shortDescription, event.description, url].filter(Boolean).join('\n\n'),
    location: calendarLocation(event),
    url,
    organizer: firstOrganizer
      ? { name: quotableParameter(firstOrganizer.displayName), email: options.contactEmail }
      : null,
    status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { filename: `${event.slug}.ics`, body: calendar.toString() };
}

/**
 * RFC 5545 §3.1: a quoted parameter value (the organizer's CN) may hold neither DQUOTE nor control
 * characters, and knows no escapes. ical-generator writes \", which ends the value early, so the rest of a
 * name like `A"; ROLE=…` would be read as further parameters. Quotes become apostrophes.
 */
function quotableParameter(value: string): string {
  return value.replaceAll('"', "'").replace(/\p{Cc}+/gu, ' ');
}

function calendarLocation(event: PublicEvent): string {
  if (event.mode === 'online') return 'Online';
  const parts = [event.venue, event.room, event.location, event.locationDetails]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join(', ');
}

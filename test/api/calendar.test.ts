import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '@server/demo/factories';
import { eventOrganizers } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

// The add-to-calendar file (docs/product/events.md#calendar-entry), read back with ical.js: an independent
// parser that knows no time zone data of its own, so the wall times only come out right if our VTIMEZONE
// does.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://tickets.example' } });
});
afterAll(() => t.close());

async function download(slug: string) {
  const res = await t.app.request(`/api/events/${slug}/calendar.ics`);
  return { res, text: await res.text() };
}

/** Parses the file and resolves TZIDs with the VTIMEZONE it carries (and nothing else). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, zones, vevent, event: new ICAL.Event(vevent) };
}

const utc = (time: ICAL.Time) => time.convertToZone(ICAL.Timezone.utcTimezone).toJSDate().toISOString();

describe('GET /api/events/:slug/calendar.ics', () => {
  it('is an iCalendar 2.0 file to download, named after the slug', async () => {
    await createEvent(t.database.db, { slug: 'kalender-datei', startTime: new Date('2027-07-15T16:00:00Z') });
    const { res, text } = await download('kalender-datei');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kalender-datei.ics"');
    // RFC 5545 §3.1: CRLF line ends, lines folded at 75 octets
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');

    const { calendar } = parse(text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Wachstumsraum//Tickets//DE');
    // the spec's 'Gregorian', written out (RFC 5545 makes it the default, the spec and some importers want it)
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(text).toContain('\r\nCALSCALE:GREGORIAN\r\n');
  });

  it('writes a summer event as Berlin wall time (CEST) with a VTIMEZONE for Europe/Berlin', async () => {
    // 18:00–20:30 in Berlin on 15 July = 16:00–18:30 UTC
    const event = await createEvent(t.database.db, {
      slug: 'sommer-abend',
      title: 'Sommerabend am See',
      startTime: new Date('2027-07-15T16:00:00Z'),
      endTime: new Date('2027-07-15T18:30:00Z'),
      venue: 'Seminarhaus Dünenblick',
      location: 'Kühlungsborn',
    });
    const { text } = await download(event.slug);
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270715T180000');
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/); // RFC 5545 §3.8.7.2: in UTC

    const { zones, vevent, event: parsed } = parse(text);
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(parsed.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect([parsed.startDate.hour, parsed.startDate.minute]).toEqual([18, 0]);
    expect([parsed.endDate.hour, parsed.endDate.minute]).toEqual([20, 30]);
    expect(utc(parsed.startDate)).toBe('2027-07-15T16:00:00.000Z');
    expect(utc(parsed.endDate)).toBe('2027-07-15T18:30:00.000Z');
    expect(parsed.summary).toBe('Sommerabend am See');
    expect(parsed.location).toBe('Seminarhaus Dünenblick, Kühlungsborn');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://tickets.example/event/sommer-abend');
    expect(parsed.description).toContain('https://tickets.example/event/sommer-abend');
  });

  it('writes a winter event as CET wall time and lasts 2 hours when it has no end', async () => {
    // 19:00 in Berlin on 20 January = 18:00 UTC; end = start means no end was given
    const start = new Date('2028-01-20T18:00:00Z');
    const event = await createEvent(t.database.db, {
      slug: 'winter-abend',
      startTime: start,
      endTime: start,
    });
    const { text } = await download(event.slug);
    const { event: parsed } = parse(text);
    expect([parsed.startDate.hour, parsed.startDate.minute]).toEqual([19, 0]);
    expect(utc(parsed.startDate)).toBe('2028-01-20T18:00:00.000Z');
    expect([parsed.endDate.hour, parsed.endDate.minute]).toEqual([21, 0]);
    expect(utc(parsed.endDate)).toBe('2028-01-20T20:00:00.000Z');
  });

  it('keeps the UID per event across downloads, and differs between events', async () => {
    const first = await createEvent(t.database.db, { slug: 'uid-eins' });
    const second = await createEvent(t.database.db, { slug: 'uid-zwei' });
    const uid = async (slug: string) => parse((await download(slug)).text).event.uid;
    const uidOne = await uid(first.slug);
    expect(uidOne).toBe(`${first.id}@tickets.example`);
    expect(await uid(first.slug)).toBe(uidOne);
    expect(await uid(second.slug)).not.toBe(uidOne);
  });

  it("says 'Online' as location for online events and names the first organizer", async () => {
    const db = t.database.db;
    const event = await createEvent(db, {
      slug: 'online-kalender',
      mode: 'online',
      location: 'Zoom',
      onlineUrl: 'https://meet.example/nur-fuer-kaeufer',
    });
    const organizer = await createUser(db, { role: 'organizer', name: 'Miriam Albers' });
    await db.insert(eventOrganizers).values({ eventId: event.id, userId: organizer.user.id });
    const { text } = await download(event.slug);
    expect(text).not.toContain('nur-fuer-kaeufer');
    const { event: parsed, vevent } = parse(text);
    expect(parsed.location).toBe('Online');
    const organizerProperty = vevent.getFirstProperty('organizer')!;
    expect(organizerProperty.getParameter('cn')).toBe('Miriam Albers');
    expect(String(organizerProperty.getFirstValue())).not.toContain(organizer.profile.email);
  });

  it('keeps an organizer name with quotes, semicolons and colons inside the CN parameter', async () => {
    // RFC 5545 §3.1: a quoted parameter value cannot hold DQUOTE; a \" would end it and inject parameters
    const db = t.database.db;
    const event = await createEvent(db, { slug: 'kalender-anfuehrungszeichen' });
    const name = 'Dr. "Mimi"; ROLE=CHAIR:mailto:boese@example.org';
    const organizer = await createUser(db, { role: 'organizer', name });
    await db.insert(eventOrganizers).values({ eventId: event.id, userId: organizer.user.id });
    const { vevent } = parse((await download(event.slug)).text);
    const organizerProperty = vevent.getFirstProperty('organizer')!;
    expect(organizerProperty.getParameter('cn')).toBe("Dr. 'Mimi'; ROLE=CHAIR:mailto:boese@example.org");
    expect(organizerProperty.getParameter('role')).toBeUndefined();
    const { contactEmail } = (await t.settings.get()).brand;
    expect(String(organizerProperty.getFirstValue())).toBe(`mailto:${contactEmail}`);
  });

  it('is only there for events a visitor may see', async () => {
    await createEvent(t.database.db, { slug: 'kalender-entwurf', status: 'draft' });
    for (const slug of ['kalender-entwurf', 'gibt-es-nicht']) {
      const { res, text } = await download(slug);
      expect(res.status).toBe(404);
      expect(JSON.parse(text)).toEqual({ error: { code: 'not_found', message: 'Event nicht gefunden' } });
    }
  });
});

import { Hono, type Context } from 'hono';
import type { PublicEvent } from '@shared/events';
import { AppError } from '../../core/app-error';
import { EncodedJson } from '../../core/events/encoded-json';
import { buildEventCalendar } from '../../core/events/event-calendar';
import { loadPublicEvents, type Audience } from '../../core/events/load-public-events';
import { seatCountsOf } from '../../core/events/public-event-cache';
import { allow, currentSession } from '../access';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../context';
import { sendEncoded } from '../send-encoded';

const notFound = () => new AppError('not_found', 'Event nicht gefunden');

/**
 * The public event API (docs/product/events.md#visible-to-visitors). Visitors get the in-memory
 * PublicEventCache; admins, who also see drafts ('Entwurf'), read the database, as their answers differ and
 * are rare.
 */
export const eventRoutes = new Hono<AppEnv>()
  .get('/', allow('public'), async (c) => {
    const { publicEvents, database } = c.get('deps');
    if ((await audienceOf(c)) === 'admin') {
      return sendJson(c, new EncodedJson(await loadPublicEvents(database.db, { audience: 'admin' })));
    }
    return sendJson(c, (await publicEvents.snapshot()).list);
  })
  .get('/live', allow('public'), async (c) => {
    const includeHidden = (await audienceOf(c)) === 'admin';
    const { seatStreams, publicEvents, database, logger } = c.get('deps');
    // the counts now, first on the stream: the page may have been read before the latest change reached this
    // instance (docs/product/booking-and-seats.md#live-seats)
    const counts = async () => {
      try {
        if (!includeHidden) return (await publicEvents.snapshot()).seatCounts;
        return seatCountsOf(await loadPublicEvents(database.db, { audience: 'admin' }));
      } catch (error) {
        logger.warn({ err: error }, 'live seats: counts not read, the stream starts without them');
        throw error;
      }
    };
    const opened = seatStreams.open(clientIp(c), { includeHidden, counts });
    // The page works without live counts; the browser tries again later (docs/product/booking-and-seats.md#live-seats).
    if ('refused' in opened) {
      throw opened.refused === 'client'
        ? new AppError(
            'rate_limited',
            'Zu viele Live-Verbindungen von deiner Adresse. Schließe ein paar Tabs.',
            {
              retryAfterSeconds: 60,
            },
          )
        : new AppError(
            'unavailable',
            'Gerade sind zu viele Live-Verbindungen offen. Versuch es gleich noch mal.',
            {
              retryAfterSeconds: 30,
            },
          );
    }
    return new Response(opened.body, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // nginx and similar proxies would otherwise buffer the stream
        'X-Accel-Buffering': 'no',
      },
    });
  })
  .get('/:slug/calendar.ics', allow('public'), async (c) => {
    const { event } = await findEvent(c, c.req.param('slug'));
    const { config, settings } = c.get('deps');
    const { brand } = await settings.get();
    const file = buildEventCalendar(event, {
      siteName: brand.siteName,
      publicUrl: config.publicUrl,
      contactEmail: brand.contactEmail,
    });
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    c.header('Cache-Control', 'no-cache');
    return c.body(file.body);
  })
  .get('/:slug', allow('public'), async (c) => {
    const { json } = await findEvent(c, c.req.param('slug'));
    return sendJson(c, json);
  });

/** Only an admin's session changes the answer (currentSession costs nothing without a session cookie). */
async function audienceOf(c: Context<AppEnv>): Promise<Audience> {
  const session = await currentSession(c);
  return session?.user.role === 'admin' ? 'admin' : 'visitor';
}

/**
 * By slug, or by id as a fallback; 'Event nicht gefunden' when not visible
 * (docs/product/events.md#visible-to-visitors).
 */
async function findEvent(
  c: Context<AppEnv>,
  slugOrId: string,
): Promise<{ event: PublicEvent; json: EncodedJson }> {
  const { publicEvents, database } = c.get('deps');
  if ((await audienceOf(c)) === 'admin') {
    const found = await loadPublicEvents(database.db, { audience: 'admin', slugOrId });
    const event = found.find((candidate) => candidate.slug === slugOrId) ?? found[0];
    if (!event) throw notFound();
    return { event, json: new EncodedJson(event) };
  }
  const found = (await publicEvents.snapshot()).find(slugOrId);
  if (!found) throw notFound();
  return found;
}

/** Seat counts change, so every use revalidates; an admin's answer includes drafts, hence Vary: Cookie. */
function sendJson(c: Context<AppEnv>, json: EncodedJson) {
  return sendEncoded(c, json, { contentType: 'application/json; charset=utf-8', varyCookie: true });
}

import { eq } from 'drizzle-orm';
import type { AppSettings } from '@shared/settings';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { bookings } from '../../db/schema';
import { buildEventCalendar } from '../events/event-calendar';
import { loadPublicEvents } from '../events/load-public-events';
import { mailContextFrom } from '../mail/templates/mail-context';

/** The booked event's .ics for the confirmation mail: the same file as the event page's download. */
export async function bookingCalendar(
  deps: { db: Db; settings: { get(): Promise<AppSettings> }; config: Pick<Config, 'publicUrl'> },
  bookingId: string,
): Promise<string> {
  const [booking] = await deps.db
    .select({ eventId: bookings.eventId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const [event] = await loadPublicEvents(deps.db, { audience: 'admin', slugOrId: booking.eventId });
  if (!event) throw new Error(`event of booking ${bookingId} not found`);
  const context = mailContextFrom(await deps.settings.get(), deps.config);
  return buildEventCalendar(event, {
    siteName: context.siteName,
    publicUrl: context.publicUrl,
    contactEmail: context.supportEmail,
  }).body;
}

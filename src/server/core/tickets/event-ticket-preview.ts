import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage';
import type { DbOrTx } from '../../db/types';
import { eventMedia, events } from '../../db/schema';
import { renderTicketPng } from './ticket-document';

export const TICKET_PREVIEW_MEDIA_TYPE = 'ticket-preview';

/**
 * A JPEG (quality 0.9) saved as media titled 'Ticket Preview': a sample ticket of the new event, so the
 * admin sees how its tickets will look (docs/product/admin.md#ticket-preview). Kept out of the visitors'
 * media (load-public-events.ts). The caller only logs a failure.
 */
export async function renderEventTicketPreview(deps: {
  db: DbOrTx;
  storage: FileStorage;
  siteName: string;
  eventId: string;
}): Promise<string> {
  const [event] = await deps.db.select().from(events).where(eq(events.id, deps.eventId));
  if (!event) throw new Error(`event ${deps.eventId} not found`);
  const png = await renderTicketPng({
    ticketId: '00000000-0000-4000-8000-000000000000',
    ticketNumber: 'WR-MUSTER-0000000000-0000',
    orderNumber: 'WR-MUSTER',
    code: '0000',
    holderName: 'Max Mustermann',
    eventTitle: event.title,
    startTime: event.startTime,
    endTime: event.endTime,
    timezone: event.timezone,
    location: event.location,
    venue: event.venue,
    room: event.room,
    mode: event.mode,
    onlineUrl: null, // a file under a public URL: never the access link (docs/decisions/019-online-links.md)
    priceUnit: event.priceUnit,
    isTest: false,
    status: 'active',
    brand: { siteName: deps.siteName, logo: null },
  });
  const jpeg = await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  const storagePath = `event-media/${event.id}/ticket-preview-${Date.now()}.jpg`;
  const url = await deps.storage.put(storagePath, jpeg, 'image/jpeg');
  await deps.db.insert(eventMedia).values({
    eventId: event.id,
    mediaType: TICKET_PREVIEW_MEDIA_TYPE,
    title: 'Ticket Preview',
    url,
    storagePath,
    isFeatured: false,
    displayOrder: 1000,
  });
  return url;
}

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage';
import type { DbOrTx } from '../../db/types';
import { eventMedia, events } from '../../db/schema';
import { TICKET_PREVIEW_MEDIA_TYPE } from '../events/load-public-events';
import { sampleTicket } from './sample-ticket';
import { renderTicketPng } from './ticket-document';

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
  const png = await renderTicketPng(
    sampleTicket({
      event,
      ticketNumber: 'WR-MUSTER-0000000000-0000',
      code: '0000',
      holderName: 'Max Mustermann',
      isTest: false,
      siteName: deps.siteName,
    }),
  );
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

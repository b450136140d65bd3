import { eq } from 'drizzle-orm';
import { COVER_HEIGHT, COVER_WIDTH, type CoverUploadAnswer } from '@shared/admin-events';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/types';
import { eventMedia, events } from '../../db/schema';
import { publishEventChange } from '../events/event-changes';
import { reencodeImage } from '../media/reencode-image';
import { assertEventId, eventNotFound, loadAdminEvent } from './admin-event-view';

export interface UploadEventCoverOptions {
  db: Db;
  storage: FileStorage;
  eventId: string;
  bytes: Buffer;
  now?: Date;
}

/**
 * The cover upload (docs/product/events.md#event-cover): the (already cropped 2.818:1) image is checked by
 * content, re-encoded to a 1409 × 500 WebP, stored under `event-media/{eventId}/cover-{timestamp}.webp`,
 * becomes the event's featured medium titled 'Cover' (every other medium of the event is un-featured
 * first, as the one-featured index requires) and the event's image_url.
 */
export async function uploadEventCover(options: UploadEventCoverOptions): Promise<CoverUploadAnswer> {
  const { db, storage, eventId, bytes, now = new Date() } = options;
  assertEventId(eventId);
  const [exists] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!exists) throw eventNotFound();
  const webp = await reencodeImage(bytes, { width: COVER_WIDTH, height: COVER_HEIGHT });

  const key = `event-media/${eventId}/cover-${now.getTime()}.webp`;
  const url = await storage.put(key, webp, 'image/webp');
  try {
    const event = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: events.id })
        .from(events)
        .where(eq(events.id, eventId))
        .for('update');
      if (!row) throw eventNotFound();
      await tx.update(eventMedia).set({ isFeatured: false }).where(eq(eventMedia.eventId, eventId));
      await tx.insert(eventMedia).values({
        eventId,
        mediaType: 'image',
        title: 'Cover',
        url,
        storagePath: key,
        isFeatured: true,
        displayOrder: 0,
        metadata: { width: COVER_WIDTH, height: COVER_HEIGHT, contentType: 'image/webp' },
      });
      await tx.update(events).set({ imageUrl: url }).where(eq(events.id, eventId));
      await publishEventChange(tx, eventId);
      return loadAdminEvent(tx, eventId);
    });
    return { url, event };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

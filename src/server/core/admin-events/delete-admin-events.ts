import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_EVENT_MESSAGES, type BulkEventResult } from '@shared/admin-events';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/types';
import { bookings, eventMedia, events, payments, refunds, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { publishEventChange } from '../events/event-changes';
import { assertEventId, eventNotFound } from './admin-event-view';

export interface DeleteAdminEventOptions {
  db: Db;
  storage: FileStorage;
  id: string;
}

/**
 * Deletes an event with its media, links, tags and organizer links (cascades). Refused while it has pending or
 * confirmed bookings or any ticket, and while any booking has payment records: money records stay (the
 * foreign keys are RESTRICT), the admin sets 'Abgesagt' instead. Expired or cancelled bookings that never
 * reached a payment are only seat holds that ran out and go with the event. Files are removed after commit.
 */
export async function deleteAdminEvent(options: DeleteAdminEventOptions): Promise<void> {
  const { db, storage, id } = options;
  assertEventId(id);
  const storageKeys = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
    if (!row) throw eventNotFound();
    const [active] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.eventId, id), inArray(bookings.status, ['pending', 'confirmed'])));
    const [issued] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.eventId, id));
    if (Number(active?.n) > 0 || Number(issued?.n) > 0) {
      throw new AppError('conflict', ADMIN_EVENT_MESSAGES.deleteHasBookings);
    }
    const [withMoney] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, id),
          or(
            sql`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`,
            sql`exists (select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id})`,
          ),
        ),
      );
    if (Number(withMoney?.n) > 0) throw new AppError('conflict', ADMIN_EVENT_MESSAGES.deleteHasPayments);

    const media = await tx.select({ url: eventMedia.url }).from(eventMedia).where(eq(eventMedia.eventId, id));
    await tx.delete(bookings).where(eq(bookings.eventId, id));
    await tx.delete(events).where(eq(events.id, id));
    await publishEventChange(tx, id);
    // a copy (a series date, a duplicate) shares its files: only those no other event uses go
    // (docs/product/event-series.md#copy)
    const urls = media.map((medium) => medium.url);
    const shared = urls.length
      ? await tx.selectDistinct({ url: eventMedia.url }).from(eventMedia).where(inArray(eventMedia.url, urls))
      : [];
    const kept = new Set(shared.map((medium) => medium.url));
    // only files this storage wrote (seeded media may point elsewhere)
    return urls
      .filter((url) => !kept.has(url))
      .map((url) => storage.keyOf(url))
      .filter(isKey);
  });
  for (const key of storageKeys) await storage.delete(key).catch(() => undefined);
}

const isKey = (key: string | null): key is string => Boolean(key);

/**
 * Bulk 'Löschen': each event on its own, so one refusal does not keep the others
 * (docs/product/events.md#admin-events-list).
 */
export async function deleteAdminEvents(
  options: Omit<DeleteAdminEventOptions, 'id'> & { ids: string[] },
): Promise<BulkEventResult[]> {
  const results: BulkEventResult[] = [];
  for (const id of options.ids) {
    try {
      await deleteAdminEvent({ ...options, id });
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return results;
}

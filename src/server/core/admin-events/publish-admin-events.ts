import { inArray } from 'drizzle-orm';
import { ADMIN_EVENT_MESSAGES, type BulkEventResult } from '@shared/admin-events';
import type { Db } from '../../db/types';
import { events } from '../../db/schema';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import { enqueueEventStatusWebhooks, eventStatuses } from '../webhooks/webhook-data';

/**
 * Bulk 'Veröffentlichen' (docs/product/events.md#admin-events-list): status → published for every chosen
 * event, in one transaction (publishing cannot fail for an existing event); ids that do not exist are
 * reported per event.
 */
export async function publishAdminEvents(options: { db: Db; ids: string[] }): Promise<BulkEventResult[]> {
  const { db, ids } = options;
  const published = await db.transaction(async (tx) => {
    const before = await eventStatuses(tx, ids);
    const rows = await tx
      .update(events)
      .set({ status: 'published' })
      .where(inArray(events.id, ids))
      .returning({ id: events.id });
    // each event newly published is announced to the webhooks (docs/product/webhooks.md#event-types)
    await enqueueEventStatusWebhooks(
      tx,
      rows.map(({ id }) => ({ id, before: before.get(id) ?? null, after: 'published' })),
    );
    for (const { id } of rows) {
      await publishEventChange(tx, id);
      await publishSeatChange(tx, id);
    }
    return new Set(rows.map((row) => row.id));
  });
  return ids.map((id) =>
    published.has(id) ? { id, ok: true } : { id, ok: false, message: ADMIN_EVENT_MESSAGES.notFound },
  );
}

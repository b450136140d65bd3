import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { WEBHOOK_EVENT_TYPES } from '@shared/webhooks';
import type { Tx } from '../db/types';
import { bookings, events, tickets, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { newWebhookSecret } from '../core/webhooks/webhook-endpoints';
import {
  enqueueBookingPaid,
  enqueueEventWebhook,
  enqueueTicketCheckedIn,
} from '../core/webhooks/webhook-data';

const HOUR = 3_600_000;

/** The demo's webhook: the organizer's CRM (made up, '.example' never resolves). */
export const DEMO_WEBHOOK_URL = 'https://crm.wachstumsraum.example/webhooks/ticketshop';

/**
 * One endpoint for every event type with a log to look at (docs/product/webhooks.md#delivery-log): three paid
 * bookings and a check-in delivered, an event change that failed after its 8 attempts (so the card shows
 * 'Schlägt fehl seit …' and 'Erneut senden'). The messages are written by the real builders from the demo's
 * own bookings, then dated. Seeded last, so the bookings above wrote no messages of their own. Seeded paused
 * ('Aktivieren' in the card sends what comes after).
 */
export async function seedWebhooks(tx: Tx, now: Date): Promise<void> {
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      url: DEMO_WEBHOOK_URL,
      description: 'CRM (Demo)',
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      secret: newWebhookSecret(),
      createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
    })
    .returning();
  const paid = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.status, 'confirmed'))
    .orderBy(desc(bookings.createdAt))
    .limit(3);
  let hoursAgo = 72;
  for (const booking of paid) {
    await enqueueBookingPaid(tx, booking.id, new Date(now.getTime() - hoursAgo * HOUR));
    hoursAgo -= 20;
  }
  const [checkedIn] = await tx
    .select({ id: tickets.id, at: tickets.checkedInAt })
    .from(tickets)
    .where(and(eq(tickets.status, 'active'), isNotNull(tickets.checkedInAt)))
    .limit(1);
  if (checkedIn) await enqueueTicketCheckedIn(tx, checkedIn.id, checkedIn.at!, checkedIn.at!);
  const [published] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.status, 'published'))
    .orderBy(desc(events.startTime))
    .limit(1);
  const changedAt = new Date(now.getTime() - 30 * HOUR);
  if (published) {
    await enqueueEventWebhook(tx, 'event.changed', published.id, { changed: ['startTime'], now: changedAt });
  }
  // what came of them: all delivered, but the change after its last attempt
  const rows = await tx
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint!.id));
  for (const row of rows) {
    const failed = row.eventType === 'event.changed';
    const lastAttempt = failed ? new Date(now.getTime() - 2 * HOUR) : new Date(row.createdAt.getTime() + 400);
    await tx
      .update(webhookDeliveries)
      .set(
        failed
          ? {
              status: 'failed',
              attempts: 8,
              lastStatusCode: 503,
              lastError: 'Der Empfänger antwortete mit Status 503.',
              lastAttemptAt: lastAttempt,
            }
          : {
              status: 'sent',
              attempts: 1,
              lastStatusCode: 200,
              lastAttemptAt: lastAttempt,
              deliveredAt: lastAttempt,
            },
      )
      .where(eq(webhookDeliveries.id, row.id));
    if (failed) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: lastAttempt })
        .where(eq(webhookEndpoints.id, endpoint!.id));
    }
  }
  // then paused: its host never resolves, so an active one would retry each new demo booking for a day and
  // fill `npm start`'s log; the log above is what it is there to show
  await tx.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, endpoint!.id));
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyRetention, RETENTION } from '@server/core/privacy/retention';
import type { Database } from '@server/db/client';
import { webhookDeliveries, webhookEndpoints } from '@server/db/schema';
import { createTestDatabase } from '../helpers/db';

// Webhook deliveries at the retention boundary (docs/product/webhooks.md#retention), with a fixed clock.

const NOW = new Date('2035-03-15T12:00:00Z');
const DAY = 86_400_000;
const before = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('deletes sent and given-up deliveries 30 days after they were written; waiting ones and younger ones stay', async () => {
  const db = database.db;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url: 'https://crm.example.org/hook', eventTypes: ['booking.paid'], secret: 'whsec_eA==' })
    .returning();
  const days = RETENTION.webhookDeliveryDays;
  const delivery = (label: string, status: 'pending' | 'sent' | 'failed', createdAt: Date) => ({
    endpointId: endpoint!.id,
    eventType: 'booking.paid' as const,
    payload: { label },
    status,
    createdAt,
  });
  await db
    .insert(webhookDeliveries)
    .values([
      delivery('old-sent', 'sent', before(days, 1)),
      delivery('old-failed', 'failed', before(days, 1)),
      delivery('old-waiting', 'pending', before(days + 10)),
      delivery('young-sent', 'sent', before(days, -60_000)),
      delivery('young-failed', 'failed', before(days - 1)),
    ]);

  const counts = await applyRetention(db, NOW);
  expect(counts.webhookDeliveries).toBe(2);
  const left = (await db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries))
    .map((row) => row.payload.label)
    .sort();
  expect(left).toEqual(['old-waiting', 'young-failed', 'young-sent']);

  // a second round at the same time deletes nothing more
  expect((await applyRetention(db, NOW)).webhookDeliveries).toBe(0);
});

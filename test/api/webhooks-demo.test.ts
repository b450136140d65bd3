import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@server/demo/seed';
import { DEMO_WEBHOOK_URL } from '@server/demo/seed-webhooks';
import { webhookDeliveries, webhookEndpoints } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

// The demo's webhook and its delivery log (docs/product/webhooks.md#delivery-log).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
});
afterAll(() => t.close());

describe('demo webhook', () => {
  it('has one endpoint for every type with delivered messages and one that gave up', async () => {
    const endpoints = await t.database.db.select().from(webhookEndpoints);
    expect(endpoints).toHaveLength(1);
    const [endpoint] = endpoints;
    expect(endpoint).toMatchObject({ url: DEMO_WEBHOOK_URL, active: false, failingSince: expect.any(Date) });
    expect(endpoint!.secret).toMatch(/^whsec_/);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    const summary = rows.map((row) => `${row.eventType} ${row.status}`).sort();
    expect(summary).toEqual([
      'booking.paid sent',
      'booking.paid sent',
      'booking.paid sent',
      'event.changed failed',
      'ticket.checked_in sent',
    ]);
    // written by the real builders: the order number of a demo booking, no personal data
    const paid = rows.find((row) => row.eventType === 'booking.paid')!;
    expect(paid.payload).toMatchObject({
      data: { booking: { order_number: expect.stringMatching(/^WR-/) } },
    });
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toMatch(/@demo\.example/);
  });
});

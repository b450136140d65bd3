import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@server/demo/seed';
import { DEMO_SEPA_SETTLES_AFTER_MINUTES } from '@server/demo/seed-payment-methods';
import { bookings, invoices, payments, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { seatInvariantViolations } from '../helpers/db';

// The demo's SEPA debit in processing (src/server/demo/seed-payment-methods.ts) settles by the reconciliation
// job as a real one would (docs/product/payments.md#reconciliation, docs/product/payments.md#test-methods): it
// holds its seat until the simulated verdict is due, then the booking is confirmed with tickets and invoice.

const MINUTE = 60_000;
let t: TestApp;
const seededAt = new Date();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db, seededAt)).toBe(true);
});
afterAll(() => t.close());

/** The demo's debit whose verdict the test provider simulates (the other SEPA payments are paid already). */
const processingDebit = async () => {
  const all = await t.database.db
    .select({ booking: bookings, payment: payments })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.method, 'sepa_debit'));
  const simulated = all.filter((entry) => entry.payment.simulation !== null);
  expect(simulated).toHaveLength(1);
  return simulated[0]!;
};

describe('the demo SEPA debit', () => {
  it('stays processing, seats held, while the bank has not decided, then the reconciliation confirms it', async () => {
    const before = await processingDebit();
    expect(before.booking).toMatchObject({ status: 'pending', paymentStatus: 'processing' });

    // a round before the verdict is due: nothing changes, not even after the hold time (it passed a day ago)
    await t.services.reconcile.runOnce(new Date(seededAt.getTime() + MINUTE));
    await t.services.holdExpiry.runOnce(new Date(seededAt.getTime() + MINUTE));
    const waiting = await processingDebit();
    expect(waiting.booking).toMatchObject({ status: 'pending', paymentStatus: 'processing' });
    expect(waiting.payment.status).toBe('processing');
    expect(await seatInvariantViolations(t.database.db)).toEqual([]);

    // the first round after the simulated verdict: confirmed, tickets and invoice, the seat still taken
    await t.services.reconcile.runOnce(
      new Date(seededAt.getTime() + (DEMO_SEPA_SETTLES_AFTER_MINUTES + 1) * MINUTE),
    );
    const settled = await processingDebit();
    expect(settled.payment).toMatchObject({ status: 'succeeded', method: 'sepa_debit' });
    expect(settled.booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await t.database.db.$count(tickets, eq(tickets.bookingId, settled.booking.id))).toBe(
      settled.booking.quantity,
    );
    expect(await t.database.db.$count(invoices, eq(invoices.bookingId, settled.booking.id))).toBe(1);
    expect(await seatInvariantViolations(t.database.db)).toEqual([]);
  });
});

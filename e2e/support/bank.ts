// The bank's side of a test SEPA debit for the browser journeys. The e2e server's debits would decide only an
// hour after they were given (TEST_SEPA_DELAY_SECONDS in playwright.config.ts), so a journey sees 'Zahlung in
// Bearbeitung' for as long as it looks, however slow the machine; then it lets the bank decide now, as a unit
// test moves its clock. The reconciliation (every 2 s there) brings the verdict as it does a real bank's
// (docs/product/payments.md#test-methods).
import { expect } from '@playwright/test';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { payments } from '../../src/server/db/schema/payments';

/** Makes the simulated verdict of the booking's processing test debit due now. */
export async function bankDecidesNow(bookingId: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const moved = await drizzle(client)
      .update(payments)
      .set({
        simulation: sql`jsonb_set(${payments.simulation}, '{at}', to_jsonb(${new Date().toISOString()}::text))`,
      })
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.provider, 'test'),
          eq(payments.status, 'processing'),
          isNotNull(payments.simulation),
        ),
      )
      .returning({ id: payments.id });
    expect(moved, `one processing test debit of booking ${bookingId}`).toHaveLength(1);
  } finally {
    await client.end();
  }
}

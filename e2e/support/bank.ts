// The bank's side of a test SEPA debit for the browser journeys. The e2e server's debits would decide only an
// hour after they were given (TEST_SEPA_DELAY_SECONDS in playwright.config.ts), so a journey sees 'Zahlung in
// Bearbeitung' for as long as it looks, however slow the machine; then it lets the bank decide now, as a unit
// test moves its clock. The reconciliation (every 2 s there) brings the verdict as it does a real bank's
// (docs/product/payments.md#test-methods).
import { expect } from '@playwright/test';
import pg from 'pg';

/** Makes the simulated verdict of the booking's processing test debit due now. */
export async function bankDecidesNow(bookingId: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update payments set simulation = jsonb_set(simulation, '{at}', to_jsonb($2::text))
        where booking_id = $1 and provider = 'test' and status = 'processing' and simulation is not null`,
      [bookingId, new Date().toISOString()],
    );
    expect(rowCount, `one processing test debit of booking ${bookingId}`).toBe(1);
  } finally {
    await client.end();
  }
}

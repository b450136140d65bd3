import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { invoices } from '@server/db/schema';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { createTestDatabase } from '../helpers/db';

// A kept PDF reads back as a Buffer on PGlite and PostgreSQL alike: the outbox's base64 of a plain Uint8Array
// would be a list of numbers, and the attachment broken (src/server/db/schema/bytea.ts).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('reads a kept PDF back as a Buffer whose base64 is the bytes written', async () => {
  const db = database.db;
  const owner = await createUser(db);
  const event = await createEvent(db);
  const { booking } = await createBooking(db, { event, profileId: owner.user.id, status: 'confirmed' });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
  expect(invoice, 'the factory issues an invoice for a confirmed booking').toBeDefined();
  const bytes = Buffer.from('%PDF-1.7 kept bytes \x00\xff', 'latin1');
  await db.update(invoices).set({ pdf: bytes }).where(eq(invoices.id, invoice!.id));

  const [kept] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, invoice!.id));
  expect(Buffer.isBuffer(kept!.pdf)).toBe(true);
  expect(kept!.pdf!.toString('base64')).toBe(bytes.toString('base64'));
});

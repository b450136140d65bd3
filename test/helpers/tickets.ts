import { asc, eq } from 'drizzle-orm';
import type { Role } from '@shared/session';
import { mailContextFrom } from '@server/core/mail/templates/mail-context';
import { createUser } from '@server/demo/factories';
import { bookings, events, payments, refunds, tickets } from '@server/db/schema';
import type { TestApp } from './app';
import { signIn, uniqueEmail } from './auth';

// Shared by the ticket, refund and payment-flow API tests (issue 5).

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A signed-in user with a complete profile (factory user, then code sign-in through the API). */
export async function signedInUser(t: TestApp, role: Role = 'attendee') {
  const email = uniqueEmail(role);
  const created = await createUser(t.database.db, { email, role });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id, email };
}

/** The mail context the routes build, for tests that call the core directly. */
export const mailContextOf = async (t: TestApp) => mailContextFrom(await t.settings.get(), t.config);

export const availableSeats = async (t: TestApp, eventId: string) =>
  (await t.database.db.select().from(events).where(eq(events.id, eventId)))[0]!.availableSeats;

export const bookingRow = async (t: TestApp, bookingId: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

export const ticketRow = async (t: TestApp, ticketId: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0];

export const ticketsOfBooking = (t: TestApp, bookingId: string) =>
  t.database.db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.position));

export const paymentsOf = (t: TestApp, bookingId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.createdAt));

export const refundsOf = (t: TestApp, bookingId: string) =>
  t.database.db
    .select()
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.createdAt));

export type ErrorBody = { error: { code: string; message: string } };

import { bookingSeats, orderPrice } from '@shared/booking';
import { seatsPerTicket } from '@shared/event-rules';
import { slugify } from '@shared/event-text';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '../core/bookings/create-booking';
import { newTicketNumber } from '../core/bookings/issue-tickets';
import type { Booking, DbOrTx, Event, Profile, Ticket } from '../db/types';
import {
  bookings,
  cancellationPolicies,
  cancellationPolicyRules,
  events,
  payments,
  profiles,
  tickets,
  user,
  userNotificationPreferences,
} from '../db/schema';
import { issueInvoice } from '../core/invoices/issue-invoice';

// Small builders of valid rows, shared by tests and the demo seed (docs/architecture.md#layers-and-folders).
// Every function takes a database or an open transaction and accepts overrides for any column.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The booking core owns these; re-exported for the seed and tests that import them from here.
export { HOLD_MINUTES, newTicketNumber };

const uniqueSuffix = () => randomBytes(3).toString('hex');

// One slug rule for the admin form, the server and the seed (docs/product/events.md#slug).
export { slugify };

export interface UserOptions {
  email?: string;
  name?: string;
  role?: Profile['role'];
  emailVerified?: boolean;
  profile?: Partial<typeof profiles.$inferInsert>;
}

/** A user with a complete profile (confirmed e-mail, name, phone) unless overridden: ready to book. */
export async function createUser(db: DbOrTx, options: UserOptions = {}) {
  const name = options.name ?? `Test Person ${uniqueSuffix()}`;
  const email = (options.email ?? `${slugify(name)}-${uniqueSuffix()}@example.com`).toLowerCase();
  const role = options.role ?? 'attendee';
  const emailVerified = options.emailVerified ?? true;
  const [firstName, ...rest] = name.split(' ');
  const [createdUser] = await db
    .insert(user)
    .values({ id: randomUUID(), name, email, emailVerified, role: role === 'admin' ? 'admin' : 'user' })
    .returning();
  const [profile] = await db
    .insert(profiles)
    .values({
      id: createdUser!.id,
      email,
      firstName: firstName ?? name,
      lastName: rest.join(' ') || null,
      fullName: name,
      displayName: name,
      phone: '+49 40 1234567',
      role,
      isVerified: emailVerified,
      onboardingCompletedAt: new Date(),
      ...options.profile,
    })
    .returning();
  await db.insert(userNotificationPreferences).values({
    userId: createdUser!.id,
    emailConfirmed: emailVerified,
    confirmedAt: emailVerified ? new Date() : null,
  });
  return { user: createdUser!, profile: profile! };
}

/** A published in-person event a month ahead with 20 free seats at 49 €; any column can be overridden. */
export async function createEvent(
  db: DbOrTx,
  overrides: Partial<typeof events.$inferInsert> = {},
): Promise<Event> {
  const title = overrides.title ?? `Testworkshop ${uniqueSuffix()}`;
  const startTime = overrides.startTime ?? new Date(Date.now() + 30 * DAY);
  const totalSeats = overrides.totalSeats ?? 20;
  const [event] = await db
    .insert(events)
    .values({
      title,
      slug: overrides.slug ?? `${slugify(title)}-${uniqueSuffix()}`,
      description: 'Ein Workshop zum Ausprobieren.',
      location: 'Hamburg',
      startTime,
      endTime: overrides.endTime ?? new Date(startTime.getTime() + 3 * HOUR),
      priceCents: 4900,
      status: 'published',
      totalSeats,
      availableSeats: overrides.availableSeats ?? totalSeats,
      ...overrides,
    })
    .returning();
  return event!;
}

export interface BookingOptions {
  event: Event;
  profileId: string;
  quantity?: number;
  status?: Booking['status'];
  now?: Date;
  isTest?: boolean;
  booking?: Partial<typeof bookings.$inferInsert>;
  /** The method of a paid booking's payment (payments.method, a UsedPaymentMethod); unset = NULL. */
  paymentMethod?: string;
}

/**
 * A booking priced as the server prices it. Pending and confirmed bookings take their seats from
 * available_seats in the same transaction (conditional UPDATE, so it fails rather than oversells);
 * confirmed ones get their tickets and, when paid, a succeeded test payment.
 */
export async function createBooking(db: DbOrTx, options: BookingOptions) {
  const { event, profileId, quantity = 1, status = 'confirmed', now = new Date(), isTest = false } = options;
  const earlyBirdEndsAt = event.earlyBirdEndsAt?.toISOString() ?? null;
  const price = orderPrice({ ...event, earlyBirdEndsAt }, quantity, now);
  const { unitCents: unitPriceCents, totalCents: totalAmountCents } = price;
  const seats = bookingSeats(quantity, event.priceUnit);
  const holdsSeats = status === 'pending' || status === 'confirmed';
  const paid = status === 'confirmed' && totalAmountCents > 0;
  return db.transaction(async (tx) => {
    if (holdsSeats) {
      const taken = await tx
        .update(events)
        .set({ availableSeats: sql`${events.availableSeats} - ${seats}` })
        .where(and(eq(events.id, event.id), gte(events.availableSeats, seats)))
        .returning({ id: events.id });
      if (taken.length === 0) throw new Error(`not enough seats left for ${event.slug}`);
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        eventId: event.id,
        profileId,
        quantity,
        seats: holdsSeats ? seats : 0,
        unitPriceCents,
        totalAmountCents,
        currency: event.currency,
        status,
        paymentStatus: status === 'confirmed' ? (paid ? 'paid' : 'not_required') : 'pending',
        holdExpiresAt: status === 'pending' ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
        confirmedAt: status === 'confirmed' ? now : null,
        isTest,
        createdAt: now,
        ...options.booking,
      })
      .returning();
    let issued: Ticket[] = [];
    if (status === 'confirmed') {
      issued = await tx
        .insert(tickets)
        .values(
          Array.from({ length: quantity }, (_, index) => ({
            bookingId: booking!.id,
            eventId: event.id,
            profileId,
            position: index + 1,
            ticketNumber: newTicketNumber(now),
            seats: seatsPerTicket(event.priceUnit),
            priceCents: unitPriceCents,
            isTest,
            createdAt: now,
          })),
        )
        .returning();
    }
    if (paid) {
      await tx.insert(payments).values({
        bookingId: booking!.id,
        provider: 'test',
        providerPaymentId: `test_pi_${randomUUID()}`,
        amountCents: totalAmountCents,
        currency: event.currency,
        status: 'succeeded',
        method: options.paymentMethod ?? null,
        idempotencyKey: `booking-${booking!.id}-1`,
        createdAt: now,
      });
      // as the paying transaction does (docs/product/invoices.md#when)
      await issueInvoice(tx, booking!.id, now);
    }
    return { booking: booking!, tickets: issued };
  });
}

export interface PolicyOptions {
  name?: string;
  /** Refund share by lead time, e.g. { minHoursBeforeEvent: 168, refundValue: 0.7 }. */
  rules?: { minHoursBeforeEvent: number; refundValue: number }[];
}

export async function createCancellationPolicy(db: DbOrTx, options: PolicyOptions = {}) {
  const [policy] = await db
    .insert(cancellationPolicies)
    .values({ name: options.name ?? 'Neue Richtlinie' })
    .returning();
  const rules = options.rules ?? [];
  if (rules.length > 0) {
    await db.insert(cancellationPolicyRules).values(
      // highest lead time first gets the highest priority, matching the order rules are evaluated in
      rules.map((rule, index) => ({ policyId: policy!.id, ...rule, priority: rules.length - index })),
    );
  }
  return policy!;
}

import { orderPrice } from '@shared/booking';
import { seatsPerTicket } from '@shared/event-rules';
import { slugify } from '@shared/event-text';
import type { StoredAnswer } from '@shared/questions';
import {
  priceOrder,
  type OrderItemInput,
  type PricedLine,
  type PricedOrder,
} from '@shared/ticket-categories';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '../core/bookings/create-booking';
import { issueTickets, newTicketNumber } from '../core/bookings/issue-tickets';
import { discountRuleOf, type DiscountCodeRow } from '../core/discount-codes/redeem-code';
import { loadCategories } from '../core/ticket-categories/category-seats';
import type { Booking, DbOrTx, Event, Profile, Ticket } from '../db/types';
import {
  bookingItems,
  bookings,
  cancellationPolicies,
  cancellationPolicyRules,
  discountCodes,
  events,
  payments,
  profiles,
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
  /** Tickets of the event's first category when no `items` are given. */
  quantity?: number;
  /** Lines of categories, priced by the categories as the server prices them (docs/product/ticket-categories.md#pricing). */
  items?: OrderItemInput[];
  /** A code the booking used: its discount is spread over the lines and its use counted (#codes). */
  code?: DiscountCodeRow;
  answers?: StoredAnswer[] | null;
  status?: Booking['status'];
  now?: Date;
  isTest?: boolean;
  booking?: Partial<typeof bookings.$inferInsert>;
  /** The method of a paid booking's payment (payments.method, a UsedPaymentMethod); unset = NULL. */
  paymentMethod?: string;
}

/**
 * A booking priced as the server prices it, with its lines (booking_items) as createBooking writes them, so
 * invoices, tickets and lists read the same as for a real booking. Pending and confirmed bookings take their
 * seats from available_seats in the same transaction (conditional UPDATE, so it fails rather than oversells);
 * a category's own capacity is not checked here (the caller keeps within it). Confirmed ones get their tickets
 * line by line and, when paid, a succeeded test payment and the invoice.
 */
export async function createBooking(db: DbOrTx, options: BookingOptions) {
  const { event, profileId, status = 'confirmed', now = new Date(), isTest = false } = options;
  const priced = await priceBooking(db, options, now);
  const { seats, totalCents: totalAmountCents } = priced;
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
    if (options.code) {
      // counted as redeemCode counts it; the CHECK uses <= max_uses refuses an over-redemption
      await tx
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} + 1` })
        .where(eq(discountCodes.id, options.code.id));
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        eventId: event.id,
        profileId,
        quantity: priced.quantity,
        seats: holdsSeats ? seats : 0,
        unitPriceCents: priced.lines[0]!.unitPriceCents,
        totalAmountCents,
        currency: event.currency,
        status,
        paymentStatus: status === 'confirmed' ? (paid ? 'paid' : 'not_required') : 'pending',
        holdExpiresAt: status === 'pending' ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
        confirmedAt: status === 'confirmed' ? now : null,
        discountCodeId: options.code?.id ?? null,
        discountCode: options.code?.code ?? null,
        discountCents: priced.discountCents,
        answers: options.answers ?? null,
        isTest,
        createdAt: now,
        ...options.booking,
      })
      .returning();
    await tx
      .insert(bookingItems)
      .values(priced.lines.map((line, index) => itemRow(booking!.id, line, index)));
    const issued: Ticket[] = status === 'confirmed' ? await issueTickets(tx, booking!.id, now) : [];
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

/**
 * The order priced: with items, a code or several categories by the event's categories (priceOrder, as
 * prepareOrder does; without items `quantity` tickets of the first visible category); an event with its one
 * category at the event's price columns, as before categories (docs/product/ticket-categories.md#one-category),
 * so a test that books an event object keeps its price.
 */
async function priceBooking(db: DbOrTx, options: BookingOptions, now: Date): Promise<PricedOrder> {
  const { event, quantity = 1 } = options;
  const categories = await loadCategories(db, [event.id]);
  const first = categories.find((category) => !category.requiresCode) ?? categories[0];
  if (!first) throw new Error(`event ${event.slug} has no category`);
  // with several categories the event's price columns are only their mirror: price by the categories
  if (options.items || options.code || categories.length > 1) {
    return priceOrder(
      categories.map((row) => ({ ...row, earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null })),
      options.items ?? [{ categoryId: first.id, quantity }],
      now,
      options.code ? discountRuleOf(options.code) : null,
    );
  }
  const price = orderPrice(
    { ...event, earlyBirdEndsAt: event.earlyBirdEndsAt?.toISOString() ?? null },
    quantity,
    now,
  );
  const perTicket = seatsPerTicket(event.priceUnit);
  const line: PricedLine = {
    categoryId: first.id,
    name: first.name,
    quantity,
    seatsPerTicket: perTicket,
    unitPriceCents: price.unitCents,
    regularUnitPriceCents: price.regularUnitCents,
    early: price.early,
    grossCents: price.totalCents,
    discountCents: 0,
  };
  return {
    lines: [line],
    quantity,
    seats: quantity * perTicket,
    grossCents: price.totalCents,
    discountCents: 0,
    totalCents: price.totalCents,
    free: price.free,
  };
}

const itemRow = (bookingId: string, line: PricedLine, index: number) => ({
  bookingId,
  categoryId: line.categoryId,
  name: line.name,
  position: index + 1,
  quantity: line.quantity,
  seatsPerTicket: line.seatsPerTicket,
  unitPriceCents: line.unitPriceCents,
  regularUnitPriceCents: line.regularUnitPriceCents,
  discountCents: line.discountCents,
});

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

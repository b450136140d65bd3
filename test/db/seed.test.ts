import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingStatementParts, textLines } from '@shared/accessibility';
import { zonedParts } from '@shared/event-rules';
import { legalSettingsOf, legalSettingsSchema } from '@shared/legal-settings';
import { missingOperatorFields } from '@shared/operator-data';
import { ORDER_NUMBER_PATTERN } from '@shared/order-number';
import { PAYMENT_METHODS, USED_PAYMENT_METHODS } from '@shared/payment-methods';
import { answerPersons, checkAnswers } from '@shared/questions';
import { mergeSettings } from '@shared/settings';
import type { Database } from '@server/db/client';
import { seedDemo } from '@server/demo/seed';
import {
  appSettings,
  bookings,
  cancellationPolicyRules,
  eventMedia,
  eventOrganizers,
  events,
  profiles,
  ticketTransfers,
  tickets,
  waitlistEntries,
  mailRuleSends,
  participantMessages,
  invoices,
  refunds,
  bankCredits,
  bankStatementLines,
  payments,
  bookingItems,
  discountCodes,
  eventQuestions,
  ticketCategories,
} from '@server/db/schema';
import { toEventQuestion } from '@server/core/ticket-categories/category-seats';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';
import { DateTime } from 'luxon';

const now = new Date('2026-03-10T12:00:00Z');
const publicDir = path.join(import.meta.dirname, '../../public');
let database: Database;
let all: (typeof events.$inferSelect)[];

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemo(database.db, now)).toBe(true);
  all = await database.db.select().from(events);
});
afterAll(() => database.close());

const upcoming = () =>
  all.filter((event) => event.startTime > now && event.status === 'published' && !event.hidden);

describe('seedDemo', () => {
  it('gives every paid booking its invoice, numbered in the order of the dates (docs/product/invoices.md#numbering)', async () => {
    // a late payment refunded on an expired booking has none (docs/product/payments.md#late-payment)
    const paid = await database.db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          inArray(bookings.paymentStatus, ['paid', 'partially_refunded', 'refunded', 'returned']),
        ),
      );
    const issued = await database.db.select().from(invoices).orderBy(invoices.issuedAt, invoices.number);
    expect(paid.length).toBeGreaterThan(10);
    expect(
      issued
        .filter((invoice) => invoice.kind === 'invoice')
        .map((invoice) => invoice.bookingId)
        .sort(),
    ).toEqual(paid.map((booking) => booking.id).sort());
    expect(issued.map((invoice) => invoice.number)).toEqual(
      issued.map((_, index) => `RE-2026-${String(index + 1).padStart(5, '0')}`),
    );
    for (const invoice of issued) {
      expect(invoice.document.number).toBe(invoice.number);
      expect(invoice.document).toMatchObject({ taxMode: 'vat_19', taxRatePercent: 19 });
    }
  });

  it('has a cancelled ticket with its refund and cancellation invoice (docs/product/invoices.md#cancellation)', async () => {
    const cancelled = await database.db.select().from(tickets).where(eq(tickets.status, 'canceled'));
    expect(cancelled).toHaveLength(1);
    const [ticket] = cancelled;
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, ticket!.bookingId));
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'partially_refunded' });
    expect(booking!.seats).toBe(booking!.quantity - 1);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.bookingId, booking!.id));
    expect(refund).toMatchObject({
      ticketId: ticket!.id,
      status: 'succeeded',
      amountCents: ticket!.priceCents,
    });
    const [original, storno] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.bookingId, booking!.id))
      .orderBy(invoices.issuedAt);
    expect(original).toMatchObject({ kind: 'invoice', grossCents: booking!.totalAmountCents });
    expect(storno).toMatchObject({
      kind: 'cancellation',
      refundId: refund!.id,
      correctsInvoiceId: original!.id,
      grossCents: -refund!.amountCents,
    });
    expect(storno!.document.corrects).toEqual({
      number: original!.number,
      issueDate: original!.document.issueDate,
    });
    expect(storno!.issuedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  });

  it('creates about eight events and does nothing the second time', async () => {
    // besides the dates of the demo's series (docs/product/event-series.md)
    const single = all.filter((event) => event.seriesId === null);
    expect(single.length).toBeGreaterThanOrEqual(7);
    expect(single.length).toBeLessThanOrEqual(10);
    expect(await seedDemo(database.db, now)).toBe(false);
    expect(await database.db.$count(events)).toBe(all.length);
  });

  it('covers every variety the pages need to show', () => {
    expect(all.some((event) => event.startTime < now)).toBe(true);
    expect(upcoming().length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((event) => event.mode))).toEqual(new Set(['online', 'presence']));
    expect(new Set(all.map((event) => event.priceUnit))).toEqual(new Set(['per_person', 'per_pair']));
    const earlyBird = upcoming().filter(
      (event) => event.earlyBirdPriceCents != null && event.earlyBirdEndsAt! > now,
    );
    expect(earlyBird.length).toBeGreaterThanOrEqual(1);
    expect(earlyBird[0]!.earlyBirdPriceCents!).toBeLessThan(earlyBird[0]!.priceCents);
    const nearlySoldOut = upcoming().filter(
      (e) => e.availableSeats > 0 && e.availableSeats / e.totalSeats <= 0.1,
    );
    expect(nearlySoldOut.length).toBeGreaterThanOrEqual(1);
    expect(upcoming().some((event) => event.totalSeats > 0 && event.availableSeats === 0)).toBe(true);
    expect(all.some((event) => event.status === 'draft')).toBe(true);
    expect(all.some((event) => event.hidden)).toBe(true);
    expect(all.some((event) => event.priceCents === 0)).toBe(true);
  });

  it('keeps the seat invariant for every event', async () => {
    expect(await seatInvariantViolations(database.db)).toEqual([]);
    const confirmed = await database.db.select().from(bookings).where(eq(bookings.status, 'confirmed'));
    const issued = await database.db.select().from(tickets);
    expect(issued.length).toBe(confirmed.reduce((sum, booking) => sum + booking.quantity, 0));
    expect(issued.every((ticket) => ticket.isTest)).toBe(true);
  });

  it('checks in past tickets and some of today’s with time and organizer (docs/product/organizer-day.md#check-in)', async () => {
    const issued = await database.db.select().from(tickets);
    const organizers = await database.db.select().from(profiles).where(eq(profiles.role, 'organizer'));
    const organizerIds = new Set(organizers.map((organizer) => organizer.id));
    for (const ticket of issued) {
      expect(ticket.isCheckedIn).toBe(ticket.checkedInAt !== null);
      if (ticket.checkedInAt) {
        expect(organizerIds.has(ticket.checkedInBy!)).toBe(true);
        expect(ticket.checkedInAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    const day = (at: Date) => at.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });
    const today = all.filter((event) => day(event.startTime) === day(now));
    expect(today).toHaveLength(1);
    const door = issued.filter((ticket) => ticket.eventId === today[0]!.id);
    expect(door.some((ticket) => ticket.checkedInAt)).toBe(true);
    expect(door.some((ticket) => !ticket.checkedInAt)).toBe(true);
    const longPast = all.filter((event) => event.endTime < now && day(event.startTime) !== day(now));
    const pastTickets = issued.filter((ticket) => longPast.some((event) => event.id === ticket.eventId));
    expect(pastTickets.length).toBeGreaterThan(0);
    expect(pastTickets.every((ticket) => ticket.checkedInAt)).toBe(true);
  });

  it('transfers one ticket to another demo attendee (docs/product/tickets-and-refunds.md#ticket-transfer)', async () => {
    const transferred = await database.db
      .select()
      .from(tickets)
      .where(eq(tickets.holderEmail, 'felix.brandt@demo.example'));
    expect(transferred).toHaveLength(1);
    expect(transferred[0]).toMatchObject({ holderName: 'Felix Brandt', status: 'active', checkedInAt: null });
    const [log] = await database.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.ticketId, transferred[0]!.id));
    expect(log).toMatchObject({
      actorRole: 'buyer',
      fromName: 'Lena Hoffmann',
      toEmail: 'felix.brandt@demo.example',
      newTicketNumber: transferred[0]!.ticketNumber,
    });
    expect(log!.oldTicketNumber).not.toBe(transferred[0]!.ticketNumber);
    const [event] = await database.db.select().from(events).where(eq(events.id, transferred[0]!.eventId));
    expect(event).toMatchObject({ transferCutoffHours: 48 });
  });

  it('gives every demo booking its own order number (docs/decisions/020-order-numbers.md)', async () => {
    const numbers = (await database.db.select().from(bookings)).map((booking) => booking.orderNumber);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((number) => ORDER_NUMBER_PATTERN.test(number))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('charges the early-bird price to bookings made before it ended', async () => {
    const event = all.find((e) => e.earlyBirdEndsAt && e.earlyBirdEndsAt > now)!;
    const rows = await database.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.unitPriceCents).toBe(event.earlyBirdPriceCents);
      expect(row.seats).toBe(row.quantity * 2);
    }
  });

  it('gives every event a cover file, a featured Cover medium and an organizer', async () => {
    const media = await database.db.select().from(eventMedia).where(eq(eventMedia.isFeatured, true));
    const links = await database.db.select().from(eventOrganizers);
    for (const event of all) {
      // a series' dates share the cover of its first date (docs/product/event-series.md#copy)
      if (event.seriesId === null) expect(event.imageUrl).toBe(`/demo/covers/${event.slug}.webp`);
      const file = path.join(publicDir, event.imageUrl!);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeLessThan(60 * 1024);
      expect(await sharp(file).metadata()).toMatchObject({ width: 1409, height: 500, format: 'webp' });
      expect(media.find((m) => m.eventId === event.id)).toMatchObject({
        title: 'Cover',
        url: event.imageUrl,
      });
      expect(links.some((link) => link.eventId === event.id)).toBe(true);
    }
  });

  it('creates two organizers with a public profile and portrait', async () => {
    const organizers = await database.db.select().from(profiles).where(eq(profiles.role, 'organizer'));
    expect(organizers).toHaveLength(2);
    for (const organizer of organizers) {
      expect(organizer).toMatchObject({
        displayName: expect.any(String),
        bio: expect.any(String),
        website: expect.any(String),
      });
      expect(existsSync(path.join(publicDir, organizer.portraitUrl!))).toBe(true);
    }
  });

  it('creates the default cancellation policy 14/7/3 days → 100/70/50/0 %', async () => {
    const rules = await database.db.select().from(cancellationPolicyRules);
    const tiers = rules
      .sort((a, b) => b.minHoursBeforeEvent - a.minHoursBeforeEvent)
      .map((rule) => [rule.minHoursBeforeEvent, rule.refundValue, rule.refundType]);
    expect(tiers).toEqual([
      [336, 1, 'percentage'],
      [168, 0.7, 'percentage'],
      [72, 0.5, 'percentage'],
      [0, 0, 'percentage'],
    ]);
    const paid = all.filter((event) => event.priceCents > 0);
    expect(paid.every((event) => event.cancellationPolicyId === rules[0]!.policyId)).toBe(true);
  });

  it("fills the demo operator's legal data, valid and complete (docs/decisions/021)", async () => {
    const rows = await database.db.select().from(appSettings);
    const settings = mergeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    const { operator } = settings;
    expect(operator).toMatchObject({ name: 'Wachstumsraum Albers GbR', contentResponsible: 'Miriam Albers' });
    expect(missingOperatorFields(operator)).toEqual([]);
    expect(legalSettingsSchema.safeParse(legalSettingsOf(settings)).success).toBe(true);
  });

  it('fills an accessibility statement that admits its gaps, dated the seed day (docs/decisions/047)', async () => {
    const rows = await database.db.select().from(appSettings);
    const { accessibility } = mergeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    expect(accessibility.conformity).toBe('partial');
    expect(textLines(accessibility.knownGaps).length).toBeGreaterThanOrEqual(3);
    expect(missingStatementParts(accessibility)).toEqual([]);
    const { year, month, day } = zonedParts(now);
    expect(accessibility.reviewedOn).toBe(`${year}-${month}-${day}`);
  });

  it('puts a waiting list with an open offer on the sold-out event (docs/product/waiting-list.md#offers)', async () => {
    const soldOut = all.find((event) => event.slug === 'stimme-und-praesenz-intensivworkshop-luebeck')!;
    const entries = await database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.eventId, soldOut.id))
      .orderBy(waitlistEntries.createdAt);
    expect(entries.map((entry) => entry.status)).toEqual(['offered', 'waiting', 'waiting']);
    expect(entries[0]!.offerExpiresAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(soldOut.availableSeats).toBe(0);
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  });

  it('shows transfers: the method on, an unpaid and a partly paid booking, a statement with every state (docs/product/bank-transfer.md)', async () => {
    const [setting] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'bankTransfer'));
    expect(mergeSettings({ bankTransfer: setting!.value }).bankTransfer).toMatchObject({
      enabled: true,
      minDaysBeforeStart: 10,
    });
    const waiting = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), isNotNull(bookings.paymentDueAt)));
    expect(waiting).toHaveLength(2);
    for (const booking of waiting) {
      expect(booking.paymentDueAt!.getTime()).toBeGreaterThan(now.getTime());
      expect(booking.holdExpiresAt!.getTime()).toBe(booking.paymentDueAt!.getTime() + 2 * 86_400_000);
    }
    const credits = await database.db.select().from(bankCredits);
    expect(credits).toHaveLength(1);
    expect(waiting.map((booking) => booking.id)).toContain(credits[0]!.bookingId);
    const lines = await database.db.select().from(bankStatementLines);
    expect(lines.map((line) => line.status).sort()).toEqual(['ignored', 'partial', 'unmatched', 'unmatched']);
    // one in Swiss francs, which pays nothing (docs/product/bank-transfer.md#currency)
    expect(lines.filter((line) => line.currency !== 'EUR').map((line) => line.currency)).toEqual(['CHF']);
    // Tobias's company invoice asks for the e-invoice
    const companies = (await database.db.select().from(invoices)).filter(
      (row) => row.document.buyer.address?.eInvoice,
    );
    expect(companies).toHaveLength(1);
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  });

  it('shows the event mails: a minimum, a message log and sent reminders (docs/product/event-mails.md)', async () => {
    const retreat = all.find((event) => event.slug === 'zeit-fuer-uns-paar-retreat-lueneburger-heide')!;
    expect(retreat).toMatchObject({ minParticipants: 8, minDecisionHours: 336, minDecidedAt: null });
    const teamDay = all.find((event) => event.slug === 'teamtag-achtsame-kommunikation-kiel')!;
    const [message] = await database.db
      .select()
      .from(participantMessages)
      .where(eq(participantMessages.eventId, teamDay.id));
    expect(message).toMatchObject({ subject: 'Raumänderung für {event}', recipients: 4 });
    expect(await database.db.$count(mailRuleSends, eq(mailRuleSends.eventId, teamDay.id))).toBe(6);
  });
  it('switches every online method on and names the method of every payment (docs/product/payments.md#methods)', async () => {
    const rows = await database.db.select().from(appSettings);
    const { paymentMethods } = mergeSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    expect(paymentMethods.enabled).toEqual(['card', 'wallet', 'paypal', 'sepa_debit', 'klarna', 'billie']);
    expect(paymentMethods.order).toEqual([...PAYMENT_METHODS]);
    const all = await database.db.select().from(payments);
    expect(all.length).toBeGreaterThan(20);
    for (const payment of all) expect(USED_PAYMENT_METHODS).toContain(payment.method);
    const paidWith = new Set(
      all.filter((payment) => payment.status === 'succeeded').map((payment) => payment.method),
    );
    for (const method of ['card', 'paypal', 'klarna', 'apple_pay', 'google_pay', 'sepa_debit']) {
      expect(paidWith, method).toContain(method);
    }
    expect(all.filter((payment) => payment.provider === 'bank_transfer').map((p) => p.method)).toEqual([
      'bank_transfer',
      'bank_transfer',
    ]);
  });

  it('has a SEPA debit in processing that holds its seat and settles a few minutes after the seed (docs/product/payments.md#processing)', async () => {
    const [row, ...more] = await database.db
      .select({ booking: bookings, payment: payments })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .where(eq(payments.status, 'processing'));
    expect(more).toEqual([]);
    expect(row!.booking).toMatchObject({
      status: 'pending',
      paymentStatus: 'processing',
      paymentDueAt: null,
    });
    expect(row!.booking.seats).toBeGreaterThan(0);
    expect(row!.booking.holdExpiresAt!.getTime()).toBeLessThan(now.getTime());
    expect(row!.payment).toMatchObject({ provider: 'test', method: 'sepa_debit' });
    expect(row!.payment.providerPaymentId).toMatch(/^test_pi_/);
    expect(row!.payment.simulation!.outcome).toBe('succeeded');
    const settles = new Date(row!.payment.simulation!.at).getTime() - now.getTime();
    expect(settles).toBeGreaterThan(0);
    expect(settles).toBeLessThanOrEqual(10 * 60_000);
    // SEPA only for events at least 14 days ahead (docs/product/payments.md#late-methods)
    const [event] = await database.db.select().from(events).where(eq(events.id, row!.booking.eventId));
    expect(event!.startTime.getTime() - now.getTime()).toBeGreaterThan(14 * 86_400_000);
    expect(event!.availableSeats).toBe(0);
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  });

  it('has a returned debit with its fee, to be paid again within 5 days (docs/product/payments.md#returned)', async () => {
    const returned = await database.db.select().from(bookings).where(eq(bookings.paymentStatus, 'returned'));
    expect(returned).toHaveLength(1);
    expect(returned[0]).toMatchObject({ status: 'confirmed' });
    expect(returned[0]!.paymentDueAt!.getTime()).toBe(now.getTime() + 5 * 86_400_000);
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, returned[0]!.id));
    expect(payment).toMatchObject({ status: 'succeeded', method: 'sepa_debit', returnFeeCents: 300 });
    expect(payment!.returnedAt!.getTime()).toBeLessThan(now.getTime());
    const active = await database.db.select().from(tickets).where(eq(tickets.bookingId, returned[0]!.id));
    expect(active.length).toBe(returned[0]!.quantity);
  });

  it('has a refund that failed, on a PayPal payment that came too late (docs/product/payments.md#refund-failed)', async () => {
    const failed = await database.db.select().from(refunds).where(eq(refunds.status, 'failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError).toEqual(expect.any(String));
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, failed[0]!.bookingId));
    expect(booking).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, failed[0]!.paymentId));
    expect(payment).toMatchObject({
      status: 'succeeded',
      method: 'paypal',
      amountCents: failed[0]!.amountCents,
    });
  });
});

describe('seedDemo: categories, codes and questions (docs/product/ticket-categories.md)', () => {
  const bySlug = (slug: string) => all.find((event) => event.slug === slug)!;
  const categoriesOf = (eventId: string) =>
    database.db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.eventId, eventId))
      .orderBy(ticketCategories.position);

  it('gives the retreat double and single rooms with seats of their own and a hidden Co-Leitung (#seats, #hidden)', async () => {
    const retreat = bySlug('zeit-fuer-uns-paar-retreat-lueneburger-heide');
    const categories = await categoriesOf(retreat.id);
    expect(
      categories.map((c) => [
        c.name,
        c.priceUnit,
        c.capacity,
        c.priceCents,
        c.earlyBirdPriceCents,
        c.requiresCode,
      ]),
    ).toEqual([
      ['Doppelzimmer', 'per_pair', 28, 69000, 59000, false],
      ['Einzelzimmer', 'per_pair', 10, 84000, 74000, false],
      ['Co-Leitung', 'per_person', 2, 0, null, true],
    ]);
    expect(categories.reduce((sum, c) => sum + c.capacity!, 0)).toBe(retreat.totalSeats);
    // the event's price columns mirror the cheapest visible category (#pricing)
    expect(retreat).toMatchObject({ priceCents: 69000, earlyBirdPriceCents: 59000, priceUnit: 'per_pair' });
    expect(categories[1]!.earlyBirdEndsAt).toEqual(retreat.earlyBirdEndsAt);
    // the three pairs booked double rooms, one line each
    const booked = await database.db
      .select({ item: bookingItems, booking: bookings })
      .from(bookingItems)
      .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
      .where(eq(bookings.eventId, retreat.id));
    expect(booked.map((row) => [row.item.name, row.item.quantity, row.item.seatsPerTicket])).toEqual([
      ['Doppelzimmer', 1, 2],
      ['Doppelzimmer', 1, 2],
      ['Doppelzimmer', 1, 2],
    ]);
    const [unlock] = await database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'COLEITUNG'));
    expect(unlock).toMatchObject({
      kind: 'unlock',
      value: 0,
      uses: 0,
      eventIds: [retreat.id],
      categoryIds: [categories[2]!.id],
      active: true,
    });
  });

  it('asks the retreat’s buyers about food, allergies and their room, and its bookings answered (#questions, #answers)', async () => {
    const retreat = bySlug('zeit-fuer-uns-paar-retreat-lueneburger-heide');
    const questions = (
      await database.db
        .select()
        .from(eventQuestions)
        .where(eq(eventQuestions.eventId, retreat.id))
        .orderBy(eventQuestions.position)
    ).map(toEventQuestion);
    expect(questions.map((q) => [q.label, q.kind, q.options, q.required, q.perTicket])).toEqual([
      ['Ernährung', 'choice', ['vegetarisch', 'vegan', 'alles'], true, true],
      ['Allergien', 'text', [], false, true],
      ['Zimmerwunsch', 'textarea', [], false, false],
    ]);
    const rows = await database.db.select().from(bookings).where(eq(bookings.eventId, retreat.id));
    expect(rows).toHaveLength(3);
    for (const booking of rows) {
      const lines = await database.db
        .select()
        .from(bookingItems)
        .where(eq(bookingItems.bookingId, booking.id));
      expect(checkAnswers(questions, booking.answers!, answerPersons(lines))).toEqual({});
      // both persons of the pair said what they eat
      expect(booking.answers!.filter((answer) => answer.label === 'Ernährung')).toHaveLength(2);
    }
    const allAnswers = rows.flatMap((booking) => booking.answers!);
    expect(allAnswers.some((answer) => answer.label === 'Allergien')).toBe(true);
    expect(allAnswers.some((answer) => answer.label === 'Zimmerwunsch' && answer.ticket === null)).toBe(true);
    // events without questions keep answers null
    const other = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.eventId, bySlug('achtsamkeit-im-alltag-hamburg').id));
    expect(other.every((booking) => booking.answers === null)).toBe(true);
  });

  it('sells the workshop as Regulär and Ermäßigt, the reduced seats limited (#seats, #pricing)', async () => {
    const workshop = bySlug('stimme-und-praesenz-intensivworkshop-luebeck');
    const categories = await categoriesOf(workshop.id);
    expect(categories.map((c) => [c.name, c.description, c.priceCents, c.capacity])).toEqual([
      ['Regulär', null, 14900, null],
      ['Ermäßigt', 'für Studierende und Menschen mit wenig Einkommen', 9900, 4],
    ]);
    expect(workshop.priceCents).toBe(9900);
    const reduced = await database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.categoryId, categories[1]!.id), eq(tickets.status, 'active')));
    expect(reduced).toHaveLength(3);
    expect(reduced.every((ticket) => ticket.categoryName === 'Ermäßigt')).toBe(true);
  });

  it('has FREUNDE10 at 10 % with 3 of 20 uses, its bookings discounted line by line (#codes, #discount-lines)', async () => {
    const [code] = await database.db.select().from(discountCodes).where(eq(discountCodes.code, 'FREUNDE10'));
    expect(code).toMatchObject({
      kind: 'percent',
      value: 10,
      maxUses: 20,
      uses: 3,
      eventIds: null,
      active: true,
    });
    const used = await database.db.select().from(bookings).where(eq(bookings.discountCodeId, code!.id));
    expect(used).toHaveLength(3);
    for (const booking of used) {
      const lines = await database.db
        .select()
        .from(bookingItems)
        .where(eq(bookingItems.bookingId, booking.id));
      const gross = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      expect(booking.discountCode).toBe('FREUNDE10');
      expect(booking.discountCents).toBe(Math.round(gross / 10));
      expect(lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(booking.discountCents);
      expect(booking.totalAmountCents).toBe(gross - booking.discountCents);
      // tickets carry what was paid for them, so refunds give back what was paid
      const issued = await database.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
      expect(issued.reduce((sum, ticket) => sum + ticket.priceCents, 0)).toBe(booking.totalAmountCents);
      const [invoice] = await database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.bookingId, booking.id), eq(invoices.kind, 'invoice')));
      expect(invoice!.grossCents).toBe(booking.totalAmountCents);
    }
    // Lena's booking mixes both categories of the workshop
    expect(
      (
        await Promise.all(
          used.map((booking) =>
            database.db.select().from(bookingItems).where(eq(bookingItems.bookingId, booking.id)),
          ),
        )
      ).some((lines) => lines.length === 2),
    ).toBe(true);
  });

  it('gives every booking its lines and every ticket its category, within each category’s seats (#one-category, #seats)', async () => {
    const all = await database.db.select().from(bookings);
    const lines = await database.db.select().from(bookingItems);
    for (const booking of all) {
      const own = lines.filter((line) => line.bookingId === booking.id);
      expect(own.length, booking.orderNumber).toBeGreaterThan(0);
      expect(own.reduce((sum, line) => sum + line.quantity, 0)).toBe(booking.quantity);
    }
    const issued = await database.db.select().from(tickets);
    expect(issued.every((ticket) => ticket.categoryId !== null && ticket.categoryName !== null)).toBe(true);
    const limited = (await database.db.select().from(ticketCategories)).filter((c) => c.capacity !== null);
    expect(limited.length).toBeGreaterThanOrEqual(4);
    for (const category of limited) {
      const active = issued.filter(
        (ticket) => ticket.categoryId === category.id && ticket.status === 'active',
      );
      const pending = lines.filter(
        (line) =>
          line.categoryId === category.id &&
          all.find((booking) => booking.id === line.bookingId)!.status === 'pending',
      );
      const taken =
        active.reduce((sum, ticket) => sum + ticket.seats, 0) +
        pending.reduce((sum, line) => sum + line.quantity * line.seatsPerTicket, 0);
      expect(taken, category.name).toBeLessThanOrEqual(category.capacity!);
    }
  });

  it('has a monthly series of 4 dates at 19:00 across a change of summer time (docs/product/event-series.md#wall-times)', async () => {
    const dates = all
      .filter((event) => event.seriesId !== null)
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    expect(dates).toHaveLength(4);
    const local = dates.map((event) => DateTime.fromJSDate(event.startTime, { zone: 'Europe/Berlin' }));
    expect(local.map((day) => day.toFormat('HH:mm ccc'))).toEqual([
      '19:00 Tue',
      '19:00 Tue',
      '19:00 Tue',
      '19:00 Tue',
    ]);
    expect(local.map((day) => Math.ceil(day.day / 7))).toEqual([2, 2, 2, 2]);
    expect(new Set(local.map((day) => day.offset)).size).toBe(2);
    expect(dates[0]!.startTime.getTime()).toBeGreaterThan(now.getTime());
    // the second date sold two tickets; the event page of each lists the others ('Weitere Termine')
    expect(dates.map((event) => event.totalSeats - event.availableSeats)).toEqual([0, 2, 0, 0]);
  });
});

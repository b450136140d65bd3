import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CancelTicketResult } from '@shared/tickets';
import { cancelTicket } from '@server/core/tickets/cancel-ticket';
import { listMyTickets } from '@server/core/tickets/list-my-tickets';
import { createBooking, createCancellationPolicy, createEvent, createUser } from '@server/demo/factories';
import { cancellationPolicies, cancellationPolicyRules } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import {
  availableSeats,
  bookingRow,
  DAY,
  HOUR,
  mailContextOf,
  MINUTE,
  refundsOf,
  signedInUser,
} from '../helpers/tickets';

// Refund share on self-service cancellation at the exact tier boundaries: the default tiers 'more than
// 14/7/3 days' (docs/product/tickets-and-refunds.md#default-tiers) and policy rules 'min_hours ≤ hours left'
// (docs/product/tickets-and-refunds.md#policy-first). The HTTP
// route reads the real clock, so the boundaries are tested on the core with a fixed `now`.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** The fixed clock of every core call in this file (whole minute, so offsets stay exact). */
const NOW = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
/** 49,99 €: shares of it need flooring (70 % = 3499,3 ct, 50 % = 2499,5 ct). */
const PRICE = 4999;

/** One paid ticket (factory: confirmed booking, succeeded test payment) of an event starting `leadMs` after NOW. */
async function paidTicket(leadMs: number, policyId: string | null = null) {
  const { user } = await createUser(db());
  const event = await createEvent(db(), {
    startTime: new Date(NOW.getTime() + leadMs),
    priceCents: PRICE,
    cancellationPolicyId: policyId,
  });
  const { booking, tickets } = await createBooking(db(), {
    event,
    profileId: user.id,
    now: new Date(NOW.getTime() - DAY),
  });
  return { userId: user.id, event, booking, ticket: tickets[0]! };
}

/** What 'My tickets' previews at NOW, then the cancel at NOW with the refund sent as the route does. */
async function previewAndCancel(leadMs: number, policyId: string | null = null) {
  const made = await paidTicket(leadMs, policyId);
  const [listed] = await listMyTickets(db(), { id: made.userId }, NOW);
  const outcome = await cancelTicket({
    db: db(),
    ticketId: made.ticket.id,
    actor: { id: made.userId, role: 'attendee' },
    mail: await mailContextOf(t),
    now: NOW,
  });
  await t.services.payments.sendRefunds(outcome.refundIds);
  const refunds = await refundsOf(t, made.booking.id);
  return { ...made, preview: listed!.cancellation, outcome, refunds };
}

/** The refund row (if any) was recorded for the ticket and sent to the test provider. */
function expectRefunded(result: Awaited<ReturnType<typeof previewAndCancel>>, cents: number) {
  expect(result.outcome.refund).toEqual(cents > 0 ? { amountCents: cents, currency: 'EUR' } : null);
  if (cents === 0) {
    expect(result.refunds).toEqual([]);
    return;
  }
  expect(result.refunds).toHaveLength(1);
  expect(result.refunds[0]).toMatchObject({
    ticketId: result.ticket.id,
    amountCents: cents,
    status: 'succeeded',
    providerRefundId: expect.stringMatching(/^test_re_/),
  });
}

describe('default tiers (event without a policy)', () => {
  it.each([
    ['14 days + 1 min', 1, 4999, 14 * DAY + MINUTE],
    ['exactly 14 days', 0.7, 3499, 14 * DAY],
    ['7 days + 1 min', 0.7, 3499, 7 * DAY + MINUTE],
    ['exactly 7 days', 0.5, 2499, 7 * DAY],
    ['3 days + 1 min', 0.5, 2499, 3 * DAY + MINUTE],
    ['exactly 3 days', 0, 0, 3 * DAY],
  ])('%s before the start → share %s, %i ct', async (_, share, cents, leadMs) => {
    const result = await previewAndCancel(leadMs);
    expect(result.preview).toEqual({ share, refundCents: cents });
    expectRefunded(result, cents);
    const booking = await bookingRow(t, result.booking.id);
    expect(booking.status).toBe('cancelled');
    expect(booking.paymentStatus).toBe(
      cents === PRICE ? 'refunded' : cents > 0 ? 'partially_refunded' : 'paid',
    );
    expect(await availableSeats(t, result.event.id)).toBe(20);
  });

  it('refuses the self-service cancel at the start itself', async () => {
    const made = await paidTicket(0);
    await expect(
      cancelTicket({
        db: db(),
        ticketId: made.ticket.id,
        actor: { id: made.userId, role: 'attendee' },
        mail: await mailContextOf(t),
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await refundsOf(t, made.booking.id)).toEqual([]);
  });
});

describe('a free ticket (docs/product/tickets-and-refunds.md#free-ticket-cancel: no tier, nothing to refund)', () => {
  async function freeTicketPreview(leadMs: number, policyId: string | null = null) {
    const { user } = await createUser(db());
    const event = await createEvent(db(), {
      startTime: new Date(NOW.getTime() + leadMs),
      priceCents: 0,
      cancellationPolicyId: policyId,
    });
    await createBooking(db(), { event, profileId: user.id, now: new Date(NOW.getTime() - DAY) });
    const [listed] = await listMyTickets(db(), { id: user.id }, NOW);
    return listed!.cancellation;
  }

  it('offers no share whatever the days left: the button names no tier', async () => {
    for (const lead of [20 * DAY, 9 * DAY, 5 * DAY, 2 * DAY]) {
      expect(await freeTicketPreview(lead)).toEqual({ share: 0, refundCents: 0 });
    }
  });

  it('offers no share under a policy either, a percentage or a fixed amount', async () => {
    const percent = await createCancellationPolicy(db(), {
      rules: [{ minHoursBeforeEvent: 168, refundValue: 0.7 }],
    });
    expect(await freeTicketPreview(9 * DAY, percent.id)).toEqual({ share: 0, refundCents: 0 });
    const fixed = await createCancellationPolicy(db(), { name: 'Fest, kostenlos' });
    await db()
      .insert(cancellationPolicyRules)
      .values({ policyId: fixed.id, minHoursBeforeEvent: 24, refundType: 'fixed_amount', refundValue: 10 });
    expect(await freeTicketPreview(9 * DAY, fixed.id)).toEqual({ share: 0, refundCents: 0 });
  });
});

describe('event policy rules (docs/product/tickets-and-refunds.md#policy-first)', () => {
  const tieredPolicy = () =>
    createCancellationPolicy(db(), {
      name: 'Gestaffelt',
      rules: [
        { minHoursBeforeEvent: 336, refundValue: 1 },
        { minHoursBeforeEvent: 168, refundValue: 0.7 },
        { minHoursBeforeEvent: 72, refundValue: 0.5 },
        { minHoursBeforeEvent: 0, refundValue: 0 },
      ],
    });

  it.each([
    ['exactly 336 h', 1, 4999, 336 * HOUR],
    ['336 h − 1 min', 0.7, 3499, 336 * HOUR - MINUTE],
    ['exactly 168 h', 0.7, 3499, 168 * HOUR],
    ['168 h − 1 min', 0.5, 2499, 168 * HOUR - MINUTE],
    ['exactly 72 h', 0.5, 2499, 72 * HOUR],
    ['72 h − 1 min', 0, 0, 72 * HOUR - MINUTE],
    ['1 h', 0, 0, HOUR],
  ])('%s before the start → share %s, %i ct', async (_, share, cents, leadMs) => {
    const policy = await tieredPolicy();
    const result = await previewAndCancel(leadMs, policy.id);
    expect(result.preview).toEqual({ share, refundCents: cents });
    expectRefunded(result, cents);
  });

  it('pays a fixed_amount rule in euros, never more than the ticket price', async () => {
    const policy = await createCancellationPolicy(db(), { name: 'Fest' });
    await db()
      .insert(cancellationPolicyRules)
      .values([
        { policyId: policy.id, minHoursBeforeEvent: 168, refundType: 'fixed_amount', refundValue: 100 },
        { policyId: policy.id, minHoursBeforeEvent: 24, refundType: 'fixed_amount', refundValue: 12.5 },
      ]);
    const early = await previewAndCancel(200 * HOUR, policy.id);
    expect(early.preview).toEqual({ share: 1, refundCents: PRICE });
    expectRefunded(early, PRICE);
    const late = await previewAndCancel(48 * HOUR, policy.id);
    expect(late.preview).toEqual({ share: 1250 / PRICE, refundCents: 1250 });
    expectRefunded(late, 1250);
    const tooLate = await previewAndCancel(23 * HOUR, policy.id);
    expect(tooLate.preview).toEqual({ share: 0, refundCents: 0 });
    expectRefunded(tooLate, 0);
  });

  it('ignores inactive rules and falls back to the default tiers for an inactive policy', async () => {
    const policy = await createCancellationPolicy(db(), {
      rules: [
        { minHoursBeforeEvent: 168, refundValue: 0.9 },
        { minHoursBeforeEvent: 0, refundValue: 0.3 },
      ],
    });
    await db()
      .update(cancellationPolicyRules)
      .set({ isActive: false })
      .where(
        and(
          eq(cancellationPolicyRules.policyId, policy.id),
          eq(cancellationPolicyRules.minHoursBeforeEvent, 168),
        ),
      );
    const ruleOff = await previewAndCancel(200 * HOUR, policy.id);
    expectRefunded(ruleOff, 1499); // 30 %, not 90 %

    await db()
      .update(cancellationPolicies)
      .set({ isActive: false })
      .where(eq(cancellationPolicies.id, policy.id));
    // 20 days ahead: the default tiers give 100 %, where the policy would have given 30 %
    const policyOff = await previewAndCancel(20 * DAY, policy.id);
    expect(policyOff.preview).toEqual({ share: 1, refundCents: PRICE });
    expectRefunded(policyOff, PRICE);
    // and 2 days ahead nothing, where the policy's 0-hour rule would have paid
    const lastDays = await previewAndCancel(2 * DAY, policy.id);
    expectRefunded(lastDays, 0);
  });

  it('uses the policy’s own type, value and lead time when it has no rules', async () => {
    const percent = await createCancellationPolicy(db(), { name: 'Ohne Regeln' });
    await db()
      .update(cancellationPolicies)
      .set({ cancellationType: 'percentage', value: 0.25, minHoursBeforeEvent: 48 })
      .where(eq(cancellationPolicies.id, percent.id));
    const inTime = await previewAndCancel(48 * HOUR, percent.id);
    expect(inTime.preview).toEqual({ share: 0.25, refundCents: 1249 });
    expectRefunded(inTime, 1249);
    const late = await previewAndCancel(48 * HOUR - MINUTE, percent.id);
    expectRefunded(late, 0);

    const fixed = await createCancellationPolicy(db(), { name: 'Pauschal' });
    await db()
      .update(cancellationPolicies)
      .set({ cancellationType: 'fixed_amount', value: 5, minHoursBeforeEvent: 0 })
      .where(eq(cancellationPolicies.id, fixed.id));
    expectRefunded(await previewAndCancel(HOUR, fixed.id), 500);
  });

  it('applies the policy through the HTTP route too', async () => {
    const buyer = await signedInUser(t);
    const policy = await createCancellationPolicy(db(), {
      rules: [{ minHoursBeforeEvent: 0, refundValue: 0.4 }],
    });
    const event = await createEvent(db(), { priceCents: PRICE, cancellationPolicyId: policy.id });
    const { booking, tickets } = await createBooking(db(), { event, profileId: buyer.id });
    const res = await post(t, `/api/tickets/${tickets[0]!.id}/cancel`, {}, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()) as CancelTicketResult).toEqual({
      refund: { amountCents: 1999, currency: 'EUR' },
      message: 'Stornierung erfolgreich. Erstattung: 19,99 EUR',
    });
    const [refund] = await refundsOf(t, booking.id);
    expect(refund).toMatchObject({ amountCents: 1999, status: 'succeeded' });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
    });
  });
});

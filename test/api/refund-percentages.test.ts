import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_PERCENT_MESSAGES } from '@shared/refund-percent';
import { cancelButtonLabel } from '@shared/refund-rules';
import type { CancelTicketResult, MyTicket } from '@shared/tickets';
import { createBooking, createCancellationPolicy, createEvent } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { DAY, refundsOf, signedInUser, ticketRow, type ErrorBody } from '../helpers/tickets';

// Issue 12 items 9 and 10 (docs/decisions/023-refund-percentages.md): the API takes a fraction
// 0..1 and refuses what reads like a percent (above 1) or a percent divided twice (below 0,01) with a
// German message, instead of refunding 0,5 % or clamping 1,5 to 100 %; after an earlier refund on the
// booking the cancel button's share and the dialog's euros both say what is left.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const asAdmin = () => ({ cookie: admin.cookie });
const messageOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

/** One paid ticket of 320 €, 20 days ahead (default tiers: 100 %). */
async function paidTicket(priceCents = 32_000) {
  const buyer = await signedInUser(t);
  const event = await createEvent(db(), { priceCents, startTime: new Date(Date.now() + 20 * DAY) });
  const { booking, tickets } = await createBooking(db(), { event, profileId: buyer.id });
  return { buyer, event, booking, ticket: tickets[0]! };
}

describe('admin refund: percent is a fraction 0..1', () => {
  it('refunds 0.5 as half of what was paid: 160 €, not 1,60 €', async () => {
    const { booking } = await paidTicket();
    const res = await post(t, '/api/admin/refunds', { bookingId: booking.id, percent: 0.5 }, asAdmin());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refund: { amountCents: 16_000, amount: 160, currency: 'EUR' } });
  });

  it.each([
    [50, REFUND_PERCENT_MESSAGES.fractionRange],
    [100, REFUND_PERCENT_MESSAGES.fractionRange],
    [-0.5, REFUND_PERCENT_MESSAGES.fractionRange],
    [0.005, REFUND_PERCENT_MESSAGES.fractionAmbiguous],
  ])('refuses percent %s with a clear German message and writes nothing', async (percent, message) => {
    const { booking } = await paidTicket();
    const res = await post(t, '/api/admin/refunds', { bookingId: booking.id, percent }, asAdmin());
    expect(res.status).toBe(422);
    expect(await messageOf(res)).toBe(message);
    expect(await refundsOf(t, booking.id)).toEqual([]);
  });
});

describe('admin cancel: the percentage override is a fraction 0..1', () => {
  const cancel = (ticketId: string, override: unknown) =>
    post(t, `/api/admin/tickets/${ticketId}/cancel`, { override }, asAdmin());

  it.each([
    [1.5, REFUND_PERCENT_MESSAGES.fractionRange],
    [50, REFUND_PERCENT_MESSAGES.fractionRange],
    [0.005, REFUND_PERCENT_MESSAGES.fractionAmbiguous],
  ])('refuses %s instead of clamping it, and the ticket stays active', async (value, message) => {
    const { ticket, booking } = await paidTicket();
    const res = await cancel(ticket.id, { type: 'percentage', value });
    expect(res.status).toBe(422);
    expect(await messageOf(res)).toBe(message);
    expect((await ticketRow(t, ticket.id))?.status).toBe('active');
    expect(await refundsOf(t, booking.id)).toEqual([]);
  });

  it('refunds 0.5 as half of the ticket', async () => {
    const { ticket } = await paidTicket();
    const res = await cancel(ticket.id, { type: 'percentage', value: 0.5 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CancelTicketResult).refund).toEqual({
      amountCents: 16_000,
      currency: 'EUR',
    });
  });
});

describe('policy rules: a percentage rule stores a fraction 0..1', () => {
  it('refuses a share below 1 % as ambiguous, keeps 0 and 0.01', async () => {
    const policy = await createCancellationPolicy(db(), {});
    const path = `/api/admin/settings/policies/${policy.id}/rules`;
    const rule = { minHoursBeforeEvent: 168, refundType: 'percentage', priority: 1, isActive: true };
    const ambiguous = await post(t, path, { ...rule, refundValue: 0.005 }, asAdmin());
    expect(ambiguous.status).toBe(422);
    expect(await messageOf(ambiguous)).toBe(REFUND_PERCENT_MESSAGES.fractionAmbiguous);
    expect((await post(t, path, { ...rule, refundValue: 0 }, asAdmin())).status).toBe(201);
    expect((await post(t, path, { ...rule, refundValue: 0.01 }, asAdmin())).status).toBe(201);
  });
});

describe('after a partial admin refund (item 10)', () => {
  const myTickets = async (cookie: string) => {
    const res = await t.app.request('/api/tickets', { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as MyTicket[];
  };

  it('the cancel label and the dialog both give what is left, and the cancel refunds exactly that', async () => {
    const { buyer, booking, ticket } = await paidTicket(4999);
    // 40 € back already: of 49,99 € only 9,99 € are left, though the tier (20 days ahead) says 100 %
    const partial = await post(
      t,
      '/api/admin/refunds',
      { bookingId: booking.id, amountCents: 4000 },
      asAdmin(),
    );
    expect(partial.status).toBe(200);

    const [listed] = await myTickets(buyer.cookie);
    expect(listed!.cancellation).toEqual({ share: 999 / 4999, refundCents: 999, alreadyRefundedCents: 4000 });
    expect(cancelButtonLabel(listed!.cancellation!.share)).toBe('Stornieren (ca. 20 % Erstattung)');

    const res = await post(t, `/api/tickets/${ticket.id}/cancel`, {}, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CancelTicketResult).refund).toEqual({ amountCents: 999, currency: 'EUR' });
  });

  it('reads "keine Erstattung" once everything was refunded', async () => {
    const { buyer, booking } = await paidTicket(4999);
    await post(t, '/api/admin/refunds', { bookingId: booking.id, percent: 1 }, asAdmin());
    const [listed] = await myTickets(buyer.cookie);
    expect(listed!.cancellation).toEqual({ share: 0, refundCents: 0, alreadyRefundedCents: 4999 });
    expect(cancelButtonLabel(listed!.cancellation!.share)).toBe('Stornieren (keine Erstattung)');
  });

  it('leaves the tier as it is when the earlier refund does not reach this ticket', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(db(), { priceCents: 4999, startTime: new Date(Date.now() + 20 * DAY) });
    const { booking } = await createBooking(db(), { event, profileId: buyer.id, quantity: 2 });
    await post(t, '/api/admin/refunds', { bookingId: booking.id, amountCents: 1000 }, asAdmin());
    const listed = await myTickets(buyer.cookie);
    expect(listed.map((ticket) => ticket.cancellation)).toEqual([
      { share: 1, refundCents: 4999 },
      { share: 1, refundCents: 4999 },
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '@shared/invoices';
import { applyRetention, EXPIRED_MAIL_TEXT, RETENTION } from '@server/core/privacy/retention';
import type { Database } from '@server/db/client';
import {
  consents,
  invoices,
  user,
  mailOutbox,
  newsletterCaptures,
  newsletterSubscriptions,
  paymentProviderEvents,
  rateLimits,
  session,
  verification,
} from '@server/db/schema';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { createTestDatabase } from '../helpers/db';

// The retention job's periods at their boundaries, with a fixed clock
// (docs/product/accounts-and-consent.md#retention, decision 041).

const NOW = new Date('2035-03-15T12:00:00Z');
const DAY = 86_400_000;
const before = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the retention job', () => {
  it('deletes each kind of data just after its period and keeps it just before', async () => {
    const owner = await createUser(db());
    // newsletter: 30 days for an unconfirmed sign-up and for captures; confirmed ones stay
    await db()
      .insert(newsletterSubscriptions)
      .values([
        {
          email: 'old-pending@example.org',
          status: 'pending',
          updatedAt: before(RETENTION.unconfirmedNewsletterDays, 1),
        },
        {
          email: 'young-pending@example.org',
          status: 'pending',
          updatedAt: before(RETENTION.unconfirmedNewsletterDays, -60_000),
        },
        { email: 'old-confirmed@example.org', status: 'confirmed', updatedAt: before(400) },
      ]);
    await db()
      .insert(newsletterCaptures)
      .values([
        { email: 'old-capture@example.org', source: 'footer', createdAt: before(30, 1) },
        { email: 'young-capture@example.org', source: 'footer', createdAt: before(29) },
      ]);
    // mails: bodies of sent mails after 90 days; a pending one keeps its body
    await db()
      .insert(mailOutbox)
      .values([
        {
          to: 'a@example.org',
          subject: 'Alt',
          text: 'alter Text',
          html: '<p>alt</p>',
          status: 'sent',
          createdAt: before(90, 1),
        },
        { to: 'b@example.org', subject: 'Jung', text: 'junger Text', status: 'sent', createdAt: before(89) },
        {
          to: 'c@example.org',
          subject: 'Wartet',
          text: 'wartet noch',
          status: 'pending',
          createdAt: before(200),
        },
      ]);
    // sessions, codes and rate limits once they have expired
    await db()
      .insert(session)
      .values([
        { id: 'expired', token: 'expired-token', userId: owner.user.id, expiresAt: before(0, 1) },
        { id: 'valid', token: 'valid-token', userId: owner.user.id, expiresAt: before(0, -60_000) },
      ]);
    await db()
      .insert(verification)
      .values([
        { id: 'v-old', identifier: 'sign-in-otp-x', value: '1', expiresAt: before(0, 1) },
        { id: 'v-new', identifier: 'sign-in-otp-y', value: '2', expiresAt: before(0, -60_000) },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: 'code:email-hour:old@example.org', count: 3, resetAt: before(0, 1) },
        { key: 'code:email-hour:new@example.org', count: 3, resetAt: before(0, -60_000) },
      ]);
    // the provider's webhook copies: 90 days once processed
    await db()
      .insert(paymentProviderEvents)
      .values([
        {
          provider: 'stripe',
          eventId: 'evt_old',
          type: 'x',
          payload: {},
          receivedAt: before(90, 1),
          processedAt: before(90),
        },
        {
          provider: 'stripe',
          eventId: 'evt_young',
          type: 'x',
          payload: {},
          receivedAt: before(89),
          processedAt: before(89),
        },
        { provider: 'stripe', eventId: 'evt_unprocessed', type: 'x', payload: {}, receivedAt: before(200) },
      ]);
    // invoices: kept through the end of issue year + 8; in March 2035 those of 2026 are gone, 2027's stay
    const event = await createEvent(db(), { startTime: new Date('2026-06-01T10:00:00Z') });
    const invoiceAt = async (number: string, issuedAt: Date) => {
      const { booking } = await createBooking(db(), { event, profileId: owner.user.id, status: 'confirmed' });
      await db().delete(invoices).where(eq(invoices.bookingId, booking.id)); // the factory's own
      await db()
        .insert(invoices)
        .values({
          id: randomUUID(),
          number,
          kind: 'invoice',
          bookingId: booking.id,
          issuedAt,
          document: {} as InvoiceDocument,
          netCents: 100,
          taxCents: 0,
          grossCents: 100,
          currency: 'EUR',
        });
    };
    await invoiceAt('RE-2026-99998', new Date('2026-12-31T22:30:00Z')); // 31 Dec 2026, 23:30 in Berlin
    await invoiceAt('RE-2027-99999', new Date('2026-12-31T23:30:00Z')); // 1 Jan 2027, 00:30 in Berlin

    // withdrawn consents' proof: 3 years after the end of the year of withdrawal (in March 2035: 2031 goes)
    const [other] = await db()
      .insert(user)
      .values({ id: 'consent-owner', name: 'X', email: 'x@example.org' })
      .returning();
    await db()
      .insert(consents)
      .values([
        {
          userId: owner.user.id,
          purpose: 'marketing',
          granted: false,
          revokedAt: new Date('2031-12-31T12:00:00Z'),
        },
        { userId: owner.user.id, purpose: 'dsgvo', granted: true },
        {
          userId: other!.id,
          purpose: 'marketing',
          granted: false,
          revokedAt: new Date('2032-01-01T12:00:00Z'),
        },
      ]);
    await db()
      .insert(newsletterSubscriptions)
      .values([
        {
          email: 'gone-2031@example.org',
          status: 'unsubscribed',
          unsubscribedAt: new Date('2031-06-01T12:00:00Z'),
        },
        {
          email: 'gone-2032@example.org',
          status: 'unsubscribed',
          unsubscribedAt: new Date('2032-06-01T12:00:00Z'),
        },
      ]);

    const counts = await applyRetention(db(), NOW);
    expect(counts).toMatchObject({
      newsletterSignUps: 1,
      newsletterCaptures: 1,
      mailBodies: 1,
      sessions: 1,
      verifications: 1,
      rateLimits: 1,
      providerEvents: 1,
      withdrawnConsents: 1,
      unsubscribed: 1,
    });
    expect(counts.invoices).toBeGreaterThanOrEqual(1);

    const emails = (await db().select().from(newsletterSubscriptions)).map((row) => row.email).sort();
    expect(emails).toEqual([
      'gone-2032@example.org',
      'old-confirmed@example.org',
      'young-pending@example.org',
    ]);
    const kept = await db().select().from(consents);
    expect(kept.map((consent) => [consent.userId, consent.purpose]).sort()).toEqual(
      [
        ['consent-owner', 'marketing'],
        [owner.user.id, 'dsgvo'],
      ].sort(),
    );
    expect((await db().select().from(newsletterCaptures)).map((row) => row.email)).toEqual([
      'young-capture@example.org',
    ]);
    const mails = await db().select().from(mailOutbox).orderBy(mailOutbox.subject);
    expect(mails.map((mail) => [mail.subject, mail.text, mail.html])).toEqual([
      ['Alt', EXPIRED_MAIL_TEXT, null],
      ['Jung', 'junger Text', null],
      ['Wartet', 'wartet noch', null],
    ]);
    expect((await db().select().from(session)).map((row) => row.id)).toEqual(['valid']);
    expect((await db().select().from(verification)).map((row) => row.id)).toEqual(['v-new']);
    expect((await db().select().from(rateLimits)).map((row) => row.key)).toEqual([
      'code:email-hour:new@example.org',
    ]);
    expect((await db().select().from(paymentProviderEvents)).map((row) => row.eventId).sort()).toEqual([
      'evt_unprocessed',
      'evt_young',
    ]);
    const numbers = (await db().select().from(invoices)).map((row) => row.number);
    expect(numbers).toContain('RE-2027-99999');
    expect(numbers).not.toContain('RE-2026-99998');

    // a second round, also three at once (several instances), deletes nothing more
    const again = await Promise.all([1, 2, 3].map(() => applyRetention(db(), NOW)));
    for (const round of again) expect(Object.values(round).every((n) => n === 0)).toBe(true);
  });
});

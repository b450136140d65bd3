import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { CONSENT_VERSION, DSGVO_CONSENT_TEXT } from '@shared/consent-texts';
import { zonedParts } from '@shared/event-rules';
import type { MyTicket } from '@shared/tickets';
import type { PersonalDataExport } from '@server/core/privacy/personal-data-document';
import { mergeSettingRow } from '@server/core/settings/setting-rows';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { invoices, newsletterSubscriptions, session, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { codeFromMail, cookiesOf, post, uniqueEmail } from '../helpers/auth';
import { DAY, ticketsOfBooking } from '../helpers/tickets';

// 'Meine Daten herunterladen' (docs/product/accounts-and-consent.md#data-export): everything of the person,
// nothing of another person (a transferred ticket's buyer is not named), no secrets.

let t: TestApp;
const db = () => t.database.db;

interface Person {
  id: string;
  email: string;
  name: string;
  phone: string;
  cookie: string;
}

const ALMA = { name: 'Alma Apfelbaum', phone: '+49 30 5550101', agent: 'Export-Testbrowser/1.0 (Alma)' };
const BRUNO = { name: 'Bruno Birnstiel', phone: '+49 40 5550202', agent: 'Export-Testbrowser/1.0 (Bruno)' };
const BILLING = {
  company: '',
  name: 'Alma Apfelbaum',
  street: 'Apfelweg 7',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: '',
};

let ipCounter = 0;
/** A factory person signed in by code through the API, from a browser with its own user agent. */
async function person({ name, phone, agent }: typeof ALMA): Promise<Person & { signInCode: string }> {
  const email = uniqueEmail('export');
  const created = await createUser(db(), { email, name, profile: { phone } });
  const headers = { 'X-Forwarded-For': `10.77.0.${++ipCounter}`, 'User-Agent': agent };
  expect((await post(t, '/api/auth/code/send', { email }, headers)).status).toBe(200);
  const code = await codeFromMail(t, email);
  const verified = await post(t, '/api/auth/code/verify', { email, code }, headers);
  expect(verified.status).toBe(200);
  return { id: created.user.id, email, name, phone, cookie: cookiesOf(verified), signInCode: code };
}

const as = (who: Person) => ({ cookie: who.cookie });
const exportOf = (who: Person | null) =>
  t.app.request('/api/profile/export', { headers: who ? as(who) : {} });

let alma: Person & { signInCode: string };
let bruno: Person & { signInCode: string };
let almaBooking: BookingView;
let almaTicketNumbers: string[];
let receivedTicketNumber: string;
let madeTransferNumber: string;
let invoiceNumber: string;
let response: Response;
let data: PersonalDataExport;
let text: string;

beforeAll(async () => {
  t = await createTestApp();
  await mergeSettingRow(db(), 'operator', {
    name: 'Wachstumsraum GmbH',
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    vatId: 'DE123456789',
  });
  t.settings.invalidate();
  alma = await person(ALMA);
  bruno = await person(BRUNO);

  // consents and the newsletter, for both
  for (const who of [alma, bruno]) {
    const put = await t.app.request('/api/profile/consents/dsgvo', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...as(who) },
      body: JSON.stringify({ granted: true }),
    });
    expect(put.status).toBe(200);
    const subscribed = await post(
      t,
      '/api/newsletter/subscribe',
      { email: who.email, source: 'footer' },
      { 'X-Forwarded-For': `10.78.0.${++ipCounter}` },
    );
    expect(subscribed.status).toBe(200);
  }

  // Alma's paid booking of two tickets, with invoice; one cancelled (a refund), one transferred to Carla
  const event = await createEvent(db(), { title: 'Atem & Stimme', priceCents: 4_900 });
  const booked = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: 2, holderName: ALMA.name, billingAddress: BILLING },
    as(alma),
  );
  expect(booked.status, await booked.clone().text()).toBe(201);
  almaBooking = (await booked.json()) as BookingView;
  expect((await post(t, `/api/bookings/${almaBooking.id}/payment`, {}, as(alma))).status).toBe(200);
  const paid = await post(t, `/api/bookings/${almaBooking.id}/payment/test/complete`, {}, as(alma));
  expect(paid.status, await paid.clone().text()).toBe(200);
  const [first, second] = await ticketsOfBooking(t, almaBooking.id);
  const cancelled = await post(t, `/api/tickets/${first!.id}/cancel`, {}, as(alma));
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  const made = await post(
    t,
    `/api/tickets/${second!.id}/transfer`,
    { name: 'Carla Kirsch', email: uniqueEmail('carla') },
    as(alma),
  );
  expect(made.status, await made.clone().text()).toBe(200);
  madeTransferNumber = ((await made.json()) as MyTicket).ticketNumber;
  almaTicketNumbers = (await ticketsOfBooking(t, almaBooking.id)).map((ticket) => ticket.ticketNumber);
  [{ number: invoiceNumber }] = (await db()
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.bookingId, almaBooking.id))) as [{ number: string }];

  // Bruno buys a ticket of a sold-out event and transfers it to Alma
  const soldOut = await createEvent(db(), {
    title: 'Klangreise',
    totalSeats: 1,
    startTime: new Date(Date.now() + 9 * DAY),
  });
  const brunos = await createBooking(db(), {
    event: soldOut,
    profileId: bruno.id,
    quantity: 1,
    booking: { holderName: BRUNO.name },
  });
  const given = await post(
    t,
    `/api/tickets/${brunos.tickets[0]!.id}/transfer`,
    { name: ALMA.name, email: alma.email },
    as(bruno),
  );
  expect(given.status, await given.clone().text()).toBe(200);
  receivedTicketNumber = ((await given.json()) as MyTicket).ticketNumber;

  // Alma and Bruno wait for another sold-out event
  const full = await createEvent(db(), {
    title: 'Waldbaden',
    totalSeats: 1,
    startTime: new Date(Date.now() + 12 * DAY),
  });
  await createBooking(db(), { event: full, profileId: bruno.id, quantity: 1 });
  const joined = await post(t, '/api/waitlist', { eventId: full.id }, as(alma));
  expect(joined.status, await joined.clone().text()).toBe(201);

  response = await exportOf(alma);
  text = await response.text();
  data = JSON.parse(text) as PersonalDataExport;
});
afterAll(() => t.close());

describe('GET /api/profile/export (docs/product/accounts-and-consent.md#data-export)', () => {
  it('answers a private JSON attachment named by the day in the shop time zone', () => {
    expect(response.status).toBe(200);
    const { year, month, day } = zonedParts(new Date(data.exportedAt), 'Europe/Berlin');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="meine-daten-${year}-${month}-${day}.json"`,
    );
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('answers 401 signed out', async () => {
    const res = await exportOf(null);
    expect(res.status).toBe(401);
  });

  it('holds the account, profile, notification settings and consents', () => {
    expect(data.account).toMatchObject({
      id: alma.id,
      email: alma.email,
      name: ALMA.name,
      emailVerified: true,
    });
    expect(data.profile).toMatchObject({ email: alma.email, fullName: ALMA.name, phone: ALMA.phone });
    expect(data.notificationPreferences).toMatchObject({ emailConfirmed: true });
    expect(data.consents).toEqual([
      expect.objectContaining({
        purpose: 'dsgvo',
        granted: true,
        version: CONSENT_VERSION,
        consentText: DSGVO_CONSENT_TEXT,
        revokedAt: null,
        givenAt: expect.any(String),
      }),
    ]);
  });

  it('holds the newsletter subscription without its token hash, and the captures of the address', () => {
    expect(data.newsletter.subscription).toMatchObject({
      email: alma.email,
      status: 'pending',
      source: 'footer',
    });
    expect(data.newsletter.subscription).not.toHaveProperty('confirmTokenHash');
    expect(data.newsletter.captures).toEqual([
      expect.objectContaining({ email: alma.email, source: 'footer' }),
    ]);
  });

  it('holds the booking with its tickets, payment, billing address, refund and invoices', () => {
    expect(data.bookings).toHaveLength(1);
    const [booking] = data.bookings;
    expect(booking).toMatchObject({
      orderNumber: almaBooking.orderNumber,
      event: { title: 'Atem & Stimme' },
      quantity: 2,
      totalAmountCents: 9_800,
      holderName: ALMA.name,
      billingAddress: expect.objectContaining({ street: 'Apfelweg 7', postalCode: '10115' }),
      payments: [expect.objectContaining({ provider: 'test', amountCents: 9_800, status: 'succeeded' })],
    });
    expect(booking!.tickets.map((ticket) => ticket.ticketNumber)).toEqual(almaTicketNumbers);
    expect(booking!.tickets.map((ticket) => ticket.status)).toEqual(['canceled', 'active']);
    // the substitute Alma chose is part of her own record
    expect(booking!.tickets[1]).toMatchObject({
      holderName: 'Carla Kirsch',
      ticketNumber: madeTransferNumber,
    });

    expect(data.refunds).toEqual([
      expect.objectContaining({
        orderNumber: almaBooking.orderNumber,
        ticketNumber: almaTicketNumbers[0],
        amountCents: 4_900,
      }),
    ]);
    expect(data.invoices.map((invoice) => invoice.kind)).toEqual(['invoice', 'cancellation']);
    expect(data.invoices[0]).toMatchObject({
      number: invoiceNumber,
      orderNumber: almaBooking.orderNumber,
      grossCents: 9_800,
      currency: 'EUR',
    });
    expect(data.invoices[0]).not.toHaveProperty('document');
  });

  it('holds the ticket transferred to her, without naming the buyer', () => {
    expect(data.ticketsTransferredToMe).toEqual([
      {
        event: expect.objectContaining({ title: 'Klangreise' }),
        ticketNumber: receivedTicketNumber,
        status: 'active',
        seats: 1,
        holderName: ALMA.name,
        holderEmail: alma.email,
        checkedInAt: null,
        canceledAt: null,
      },
    ]);
    const received = data.ticketTransfers.find((transfer) => transfer.direction === 'received');
    expect(received).toMatchObject({
      fromName: null,
      fromEmail: null,
      toName: ALMA.name,
      newTicketNumber: receivedTicketNumber,
    });
    const made = data.ticketTransfers.find((transfer) => transfer.direction === 'made');
    expect(made).toMatchObject({
      fromName: ALMA.name,
      toName: 'Carla Kirsch',
      newTicketNumber: madeTransferNumber,
    });
    expect(data.ticketTransfers).toHaveLength(2);
  });

  it('holds the waiting-list entry', () => {
    expect(data.waitlist).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ title: 'Waldbaden' }), status: 'waiting' }),
    ]);
  });

  it('holds the mails to her address, the transfer mail without the giver, no valid sign-in code', () => {
    const subjects = data.mails.map((mail) => mail.subject);
    expect(subjects).toContain('Dein Ticket: Klangreise');
    const transferMail = data.mails.find((mail) => mail.subject === 'Dein Ticket: Klangreise')!;
    expect(transferMail.text).toContain('[andere Person] hat dir ein Ticket');
    expect(transferMail.attachments).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf' }),
    ]);
    expect(transferMail.attachments[0]).not.toHaveProperty('contentBase64');
    // the sign-in code mail is listed, its still valid code is not
    expect(subjects).toContain('[entfernt]');
    expect(text).not.toContain(alma.signInCode);
    expect(data.mails.every((mail) => mail.createdAt)).toBe(true);
  });

  it('holds the sign-ins with their browser, never a session token', async () => {
    expect(data.signIns).toEqual([
      expect.objectContaining({ userAgent: ALMA.agent, impersonated: false, expiresAt: expect.any(String) }),
    ]);
    const tokens = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, alma.id));
    expect(tokens).toHaveLength(1);
    expect(text).not.toContain(tokens[0]!.token);
    expect(text).not.toMatch(/"token"/i);
  });

  it('holds nothing of Bruno and no token hash', async () => {
    for (const secret of [bruno.email, BRUNO.name, 'Bruno', 'Birnstiel', BRUNO.phone, BRUNO.agent]) {
      expect(text, secret).not.toContain(secret);
    }
    const hashes = await db()
      .select({ hash: newsletterSubscriptions.confirmTokenHash })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, [alma.email, bruno.email]));
    for (const { hash } of hashes) expect(text).not.toContain(hash!);
    expect(text).not.toMatch(/hash/i);
    // Bruno's own booking of the ticket he gave away is not Alma's
    const [brunoTicket] = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.ticketNumber, receivedTicketNumber));
    expect(brunoTicket).toBeDefined();
    expect(data.bookings.map((booking) => booking.event.title)).not.toContain('Klangreise');
  });

  it("Bruno's export has his ticket as given away, and not Alma's data beyond the transfer he made", async () => {
    const res = await exportOf(bruno);
    expect(res.status).toBe(200);
    const his = (await res.json()) as PersonalDataExport;
    expect(his.account.email).toBe(bruno.email);
    expect(his.ticketsTransferredToMe).toEqual([]);
    expect(his.ticketTransfers).toEqual([
      expect.objectContaining({
        direction: 'made',
        toEmail: alma.email,
        newTicketNumber: receivedTicketNumber,
      }),
    ]);
    const hisText = JSON.stringify(his);
    for (const secret of [ALMA.phone, ALMA.agent, 'Apfelweg', almaBooking.orderNumber]) {
      expect(hisText, secret).not.toContain(secret);
    }
  });
});

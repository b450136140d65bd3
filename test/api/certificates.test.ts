import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_MESSAGES,
  type CertificateCheck,
  type CertificateSettingsView,
  type EventCertificates,
} from '@shared/certificates';
import type { MyTicket } from '@shared/tickets';
import { runMailRules } from '@server/core/event-mails/run-mail-rules';
import { newCertificateCode } from '@server/core/certificates/certificate-code';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { certificates, feedbackSettings, mailOutbox, mailRules, tickets } from '@server/db/schema';
import type { MailAttachment } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { TEST_MAIL } from '../helpers/mail-context';
import { DAY, HOUR, MINUTE, mailContextOf, signedInUser, type ErrorBody } from '../helpers/tickets';

// Certificates of attendance (docs/product/certificates.md): the event's card, issuing by hand and by the mail
// rule, the PDF read back by pdftotext and its QR code by zbarimg, the public check page's answers (valid,
// revoked, replaced, unknown, rate-limited), Meine Tickets, and the person's data.

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let buyer: Person;
let stranger: Person;
const db = () => t.database.db;
const scratch = mkdtempSync(path.join(tmpdir(), 'certificates-'));

const request = (method: string, url: string, person?: Person, body?: unknown, ip?: string) =>
  t.app.request(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(person ? { cookie: person.cookie } : {}),
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asAdmin = (method: string, url: string, body?: unknown) => request(method, url, admin, body);

let ipCounter = 0;
/** Each check from its own client, so the per-client limit only bites where a test wants it to. */
const check = (code: string, ip = `203.0.113.${++ipCounter}`) =>
  request('GET', `/api/certificates/check/${code}`, undefined, undefined, ip);

const SETTINGS = {
  enabled: true,
  content: 'Grundlagen der Achtsamkeit im Berufsalltag mit praktischen Übungen.',
  topics: 'Atempausen\nAchtsames Gehen\n\nUmgang mit Stress',
  amount: '6,5',
  unit: 'hours',
  leaderName: 'Miriam Krüger',
  leaderRole: 'Kursleitung, MBSR-Lehrerin',
  accreditation: 'Anerkannt als Bildungsurlaub in Hamburg (Nr. 123/26).',
};

let counter = 0;
/** A past event (ended two days ago) with the buyer's tickets, the first `checkedIn` of them checked in. */
async function pastEvent(options: { quantity?: number; checkedIn?: number } = {}) {
  const start = new Date(Date.now() - 2 * DAY - 7 * HOUR);
  const event = await createEvent(db(), {
    title: `Achtsamkeit im Alltag ${++counter}`,
    startTime: start,
    endTime: new Date(start.getTime() + 7 * HOUR),
    venue: 'Kulturetage Elbblick',
  });
  const booked = await createBooking(db(), {
    event,
    profileId: buyer.id,
    quantity: options.quantity ?? 3,
    now: new Date(start.getTime() - 5 * DAY),
    booking: { holderName: 'Anna Maria Meier' },
  });
  const ids = booked.tickets.map((ticket) => ticket.id);
  const checked = ids.slice(0, options.checkedIn ?? 0);
  if (checked.length > 0) {
    await db()
      .update(tickets)
      .set({ isCheckedIn: true, checkedInAt: start })
      .where(inArray(tickets.id, checked));
  }
  return { event, ticketIds: ids };
}

async function enable(event: Event, settings: Record<string, unknown> = SETTINGS) {
  const res = await asAdmin('PUT', `/api/admin/events/${event.id}/certificate-settings`, settings);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CertificateSettingsView;
}

async function listOf(event: Event): Promise<EventCertificates> {
  const res = await asAdmin('GET', `/api/admin/events/${event.id}/certificates`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as EventCertificates;
}

async function issue(event: Event, ticketIds?: string[]) {
  return asAdmin('POST', `/api/admin/events/${event.id}/certificates`, ticketIds ? { ticketIds } : {});
}

const pdfToText = (pdf: Buffer) => {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
};

/** The QR codes of the PDF's page, as zbarimg (Debian zbar-tools) reads them from a 200 dpi rendering. */
function qrCodesOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(scratch, 'page-'));
  const file = path.join(dir, 'certificate.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '200', '-png', file, path.join(dir, 'page')]);
  const pages = readdirSync(dir).filter((name) => name.endsWith('.png'));
  return pages.flatMap((page) => {
    try {
      const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', path.join(dir, page)], {
        encoding: 'utf8',
      });
      return out.split('\n').filter(Boolean);
    } catch {
      return []; // zbarimg exits 4 on a page without a code
    }
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  stranger = await signedInUser(t, 'attendee');
});
afterAll(() => t.close());

describe('the event card', () => {
  it('is off until the admin switches it on, and refuses to switch on without content and amount', async () => {
    const { event } = await pastEvent();
    const empty = await asAdmin('GET', `/api/admin/events/${event.id}/certificate-settings`);
    expect(((await empty.json()) as CertificateSettingsView).enabled).toBe(false);

    const incomplete = await asAdmin('PUT', `/api/admin/events/${event.id}/certificate-settings`, {
      ...SETTINGS,
      content: '',
      amount: '',
    });
    expect(incomplete.status).toBe(422);
    const body = (await incomplete.json()) as ErrorBody & { error: { details: { path: string }[] } };
    expect(body.error.message).toBe(CERTIFICATE_MESSAGES.incomplete);
    expect(body.error.details.map((detail) => detail.path)).toEqual(['content', 'amount']);

    const bad = await asAdmin('PUT', `/api/admin/events/${event.id}/certificate-settings`, {
      ...SETTINGS,
      amount: '-3',
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Umfang');

    const saved = await enable(event);
    expect(saved).toMatchObject({
      enabled: true,
      amount: '6,5',
      unit: 'hours',
      topics: 'Atempausen\nAchtsames Gehen\nUmgang mit Stress',
      hasSignature: false,
    });
  });

  it('is for admins only', async () => {
    const { event } = await pastEvent();
    expect((await request('GET', `/api/admin/events/${event.id}/certificate-settings`, buyer)).status).toBe(
      403,
    );
    expect(
      (await request('PUT', `/api/admin/events/${event.id}/certificate-settings`, buyer, SETTINGS)).status,
    ).toBe(403);
    expect((await request('GET', `/api/admin/events/${event.id}/certificates`)).status).toBe(401);
    expect((await asAdmin('GET', '/api/admin/events/not-a-uuid/certificate-settings')).status).toBe(404);
  });

  it('takes a signature image checked by its bytes, and refuses anything else', async () => {
    const { event } = await pastEvent();
    const upload = (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return t.app.request(`/api/admin/events/${event.id}/certificate-settings/signature`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body: form,
      });
    };
    const refused = await upload(Buffer.from('<script>alert(1)</script>'), 'signature.png', 'image/png');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message).toContain('Ungültiger Dateityp');

    const png = await sharp({
      create: { width: 1600, height: 500, channels: 4, background: { r: 20, g: 20, b: 120, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'unterschrift.png', 'image/png');
    expect(res.status, await res.clone().text()).toBe(200);
    const view = await enable(event);
    expect(view.hasSignature).toBe(true);

    // the preview: a sample certificate with the saved settings, nothing stored
    const preview = await asAdmin('GET', `/api/admin/events/${event.id}/certificate-settings/preview`);
    expect(preview.status).toBe(200);
    const pdf = Buffer.from(await preview.arrayBuffer());
    expect(pdfToText(pdf)).toContain('Erika Mustermann');
    const images = (bytes: Buffer) => bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    const withSignature = images(pdf);
    expect(await db().select().from(certificates).where(eq(certificates.eventId, event.id))).toHaveLength(0);

    // removed: the next preview has one image less
    expect(
      (await asAdmin('DELETE', `/api/admin/events/${event.id}/certificate-settings/signature`)).status,
    ).toBe(200);
    const without = await asAdmin('GET', `/api/admin/events/${event.id}/certificate-settings/preview`);
    expect(images(Buffer.from(await without.arrayBuffer()))).toBe(withSignature - 1);
  });
});

describe('issuing by hand', () => {
  it('refuses while switched off and before the start', async () => {
    const { event } = await pastEvent({ checkedIn: 1 });
    const off = await issue(event);
    expect(off.status).toBe(409);
    expect(((await off.json()) as ErrorBody).error.message).toBe(CERTIFICATE_MESSAGES.notEnabled);

    const coming = await createEvent(db(), {
      title: 'Noch nicht',
      startTime: new Date(Date.now() + 3 * DAY),
    });
    await enable(coming);
    const early = await issue(coming);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(CERTIFICATE_MESSAGES.notStarted);
  });

  it('gives one to each checked-in ticket with "Alle ausstellen", once, and none to the no-show', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 3, checkedIn: 2 });
    await enable(event);
    const first = await issue(event);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ issued: 2 });
    expect(await (await issue(event)).json()).toEqual({ issued: 0 });

    const list = await listOf(event);
    expect(list.withoutCheckIn).toBe(false);
    const rows = new Map(list.tickets.map((row) => [row.ticketId, row]));
    expect(rows.get(ticketIds[0]!)!.current?.code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(rows.get(ticketIds[1]!)!.current).not.toBeNull();
    expect(rows.get(ticketIds[2]!)).toMatchObject({ eligible: false, current: null, checkedIn: false });
    expect(rows.get(ticketIds[0]!)!.holderName).toBe('Anna Maria Meier');

    // the admin decides for the one the scanner missed
    expect((await issue(event, [ticketIds[2]!])).status).toBe(201);
    expect((await listOf(event)).tickets.every((row) => row.current !== null)).toBe(true);
  });

  it('counts every active ticket as present where nobody was checked in (no door check-in)', async () => {
    const { event } = await pastEvent({ quantity: 2, checkedIn: 0 });
    await enable(event);
    expect((await listOf(event)).withoutCheckIn).toBe(true);
    expect(await (await issue(event)).json()).toEqual({ issued: 2 });
  });

  it('refuses a cancelled ticket and issues nothing of the request', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 2, checkedIn: 2 });
    await enable(event);
    await db().update(tickets).set({ status: 'canceled' }).where(eq(tickets.id, ticketIds[1]!));
    const res = await issue(event, ticketIds);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(CERTIFICATE_MESSAGES.cancelled);
    expect(await db().select().from(certificates).where(eq(certificates.eventId, event.id))).toHaveLength(0);
    // 'Alle ausstellen' leaves it out
    expect(await (await issue(event)).json()).toEqual({ issued: 1 });
    expect((await issue(event, [crypto.randomUUID()])).status).toBe(404);
  });
});

describe('the PDF and the check page', () => {
  it('carries the name, event, hours, content and a QR code that zbarimg reads as the check URL', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 1, checkedIn: 1 });
    await enable(event);
    await issue(event);
    const { current } = (await listOf(event)).tickets.find((row) => row.ticketId === ticketIds[0])!;
    const res = await asAdmin('GET', `/api/admin/certificates/${current!.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toContain('Teilnahmebescheinigung-Achtsamkeit-im-Alltag');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = pdfToText(pdf);
    for (const expected of [
      'Teilnahmebescheinigung',
      'Anna Maria Meier',
      event.title,
      '6,5 Zeitstunden',
      'Grundlagen der Achtsamkeit im Berufsalltag',
      'Umgang mit Stress',
      'Miriam Krüger',
      'Kursleitung, MBSR-Lehrerin',
      'Bildungsurlaub',
      'Kulturetage Elbblick',
      `Prüfcode: ${current!.code}`,
    ]) {
      expect(text).toContain(expected);
    }
    const checkUrl = `${t.config.publicUrl.replace(/\/$/, '')}/bescheinigung/${current!.code}`;
    expect(qrCodesOf(pdf)).toEqual([checkUrl]);
    // kept: the second download is the same bytes
    const again = Buffer.from(
      await (await asAdmin('GET', `/api/admin/certificates/${current!.id}/pdf`)).arrayBuffer(),
    );
    expect(again.equals(pdf)).toBe(true);

    const checked = await check(current!.code);
    expect(checked.status).toBe(200);
    expect(checked.headers.get('Cache-Control')).toBe('no-store');
    expect(await checked.json()).toMatchObject({
      code: current!.code,
      status: 'valid',
      holder: 'Anna M.',
      eventTitle: event.title,
      amount: '6,5 Zeitstunden',
      endedOn: null,
    } satisfies Partial<CertificateCheck>);
    // lower case typed by hand is the same code
    expect((await check(current!.code.toLowerCase())).status).toBe(200);
  });

  it('puts signature and QR code on a second page when the card says as much as it may', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 1, checkedIn: 1 });
    const long = 'Achtsamkeit im Alltag üben, Schritt für Schritt und mit Geduld. '.repeat(18).slice(0, 1200);
    await enable(event, {
      ...SETTINGS,
      content: long,
      topics: Array.from({ length: 12 }, (_, i) => `Thema ${i + 1}: ${'Übung '.repeat(14)}`).join('\n'),
      accreditation: 'Anerkannt '.repeat(30).slice(0, 300),
    });
    const tooMany = await asAdmin('PUT', `/api/admin/events/${event.id}/certificate-settings`, {
      ...SETTINGS,
      topics: Array.from({ length: 13 }, (_, i) => `Thema ${i}`).join('\n'),
    });
    expect(tooMany.status).toBe(422);
    await issue(event);
    const { current } = (await listOf(event)).tickets.find((row) => row.ticketId === ticketIds[0])!;
    const pdf = Buffer.from(
      await (await asAdmin('GET', `/api/admin/certificates/${current!.id}/pdf`)).arrayBuffer(),
    );
    const text = pdfToText(pdf);
    expect(text).toContain('Thema 12');
    expect(text).toContain('Miriam Krüger');
    expect(qrCodesOf(pdf)).toEqual([
      `${t.config.publicUrl.replace(/\/$/, '')}/bescheinigung/${current!.code}`,
    ]);
  });

  it('shows a revoked certificate as revoked, and a reissued one (new name) as replaced', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 2, checkedIn: 2 });
    await enable(event);
    await issue(event);
    const rows = (await listOf(event)).tickets;
    const first = rows.find((row) => row.ticketId === ticketIds[0])!.current!;
    const second = rows.find((row) => row.ticketId === ticketIds[1])!.current!;

    expect((await request('POST', `/api/admin/certificates/${first.id}/revoke`, buyer)).status).toBe(403);
    expect((await asAdmin('POST', `/api/admin/certificates/${first.id}/revoke`)).status).toBe(200);
    expect(((await (await check(first.code)).json()) as CertificateCheck).status).toBe('revoked');
    const twice = await asAdmin('POST', `/api/admin/certificates/${first.id}/revoke`);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.message).toBe(CERTIFICATE_MESSAGES.alreadyRevoked);

    const empty = await asAdmin('POST', `/api/admin/certificates/${second.id}/reissue`, { name: '  ' });
    expect(empty.status).toBe(422);
    const res = await asAdmin('POST', `/api/admin/certificates/${second.id}/reissue`, {
      name: 'Anna Schmidt',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const renewed = (await res.json()) as { id: string; code: string };
    expect(renewed.code).not.toBe(second.code);
    const old = (await (await check(second.code)).json()) as CertificateCheck;
    expect(old).toMatchObject({ status: 'replaced', holder: 'Anna M.' });
    expect(old.endedOn).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await (await check(renewed.code)).json()).toMatchObject({ status: 'valid', holder: 'Anna S.' });
    const [oldRow] = await db().select().from(certificates).where(eq(certificates.id, second.id));
    expect(oldRow!.replacedById).toBe(renewed.id);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, ticketIds[1]!));
    expect(ticket!.holderName).toBe('Anna Schmidt');
    const text = pdfToText(
      Buffer.from(await (await asAdmin('GET', `/api/admin/certificates/${renewed.id}/pdf`)).arrayBuffer()),
    );
    expect(text).toContain('Anna Schmidt');
    // the list shows the replaced one under the ticket
    const row = (await listOf(event)).tickets.find((entry) => entry.ticketId === ticketIds[1])!;
    expect(row.current!.id).toBe(renewed.id);
    expect(row.earlier.map((entry) => entry.status)).toEqual(['replaced']);
  });

  it('answers 404 to a guessed or malformed code, and 429 after too many tries from one client', async () => {
    const guessed = await check(newCertificateCode());
    expect(guessed.status).toBe(404);
    expect(((await guessed.json()) as ErrorBody).error.message).toBe(CERTIFICATE_MESSAGES.checkNotFound);
    expect((await check('nicht-da')).status).toBe(404);
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < t.config.authClientLimit + 1; i++)
      statuses.push((await check(newCertificateCode(), ip)).status);
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    const limited = await check(newCertificateCode(), ip);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).error.message).toContain('Zu viele Anfragen');
    // another client is not affected
    expect((await check(newCertificateCode())).status).toBe(404);
  });
});

describe('Meine Tickets', () => {
  it('offers the holder the valid certificate, and nobody else', async () => {
    const { event, ticketIds } = await pastEvent({ quantity: 1, checkedIn: 1 });
    await enable(event);
    await issue(event);
    const mine = (await (await request('GET', '/api/tickets', buyer)).json()) as MyTicket[];
    const ticket = mine.find((entry) => entry.id === ticketIds[0])!;
    expect(ticket.certificate?.code).toMatch(CERTIFICATE_CODE_PATTERN);
    const own = await request('GET', `/api/certificates/${ticket.certificate!.id}/pdf`, buyer);
    expect(own.status).toBe(200);
    expect(pdfToText(Buffer.from(await own.arrayBuffer()))).toContain('Anna Maria Meier');
    expect((await request('GET', `/api/certificates/${ticket.certificate!.id}/pdf`, stranger)).status).toBe(
      404,
    );
    expect((await request('GET', `/api/certificates/${ticket.certificate!.id}/pdf`)).status).toBe(401);

    await asAdmin('POST', `/api/admin/certificates/${ticket.certificate!.id}/revoke`);
    const after = (await (await request('GET', '/api/tickets', buyer)).json()) as MyTicket[];
    expect(after.find((entry) => entry.id === ticketIds[0])!.certificate).toBeNull();
    expect((await request('GET', `/api/certificates/${ticket.certificate!.id}/pdf`, buyer)).status).toBe(404);
  });
});

describe('the mail rule', () => {
  /** An event that ends after the shipped rules were made, so their time comes in this test's clock. */
  async function comingEvent(checkedIn: number) {
    const start = new Date(Date.now() + HOUR);
    const event = await createEvent(db(), {
      title: `Regel-Bescheinigung ${++counter}`,
      startTime: start,
      endTime: new Date(start.getTime() + 3 * HOUR),
    });
    const booked = await createBooking(db(), {
      event,
      profileId: buyer.id,
      quantity: 2,
      booking: { holderName: 'Bruno Berg' },
    });
    const ids = booked.tickets.map((ticket) => ticket.id);
    if (checkedIn > 0) {
      await db()
        .update(tickets)
        .set({ isCheckedIn: true, checkedInAt: start })
        .where(inArray(tickets.id, ids.slice(0, checkedIn)));
    }
    return { event, ids, due: new Date(start.getTime() + 3 * HOUR + DAY + MINUTE) };
  }
  const mailsAbout = (event: Event, subject: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, subject.replace('{event}', event.title)));

  it('attaches a certificate only where the event has them on, issuing it, and the outbox renders it', async () => {
    await db()
      .update(mailRules)
      .set({ enabled: true })
      .where(and(isNull(mailRules.eventId), eq(mailRules.name, 'Bescheinigung am Tag danach')));
    const on = await comingEvent(1);
    const off = await comingEvent(1);
    await enable(on.event);
    const mail = await mailContextOf(t);
    await runMailRules(db(), {
      now: on.due,
      mail,
      issuer: { name: 'Wachstumsraum GmbH', address: 'Hamburg' },
    });

    const subject = 'Deine Teilnahmebescheinigung für „{event}“';
    expect(await mailsAbout(off.event, subject)).toHaveLength(0);
    const sent = await mailsAbout(on.event, subject);
    // checked in: the first ticket only
    expect(sent).toHaveLength(1);
    const issued = await db().select().from(certificates).where(eq(certificates.eventId, on.event.id));
    expect(issued.map((row) => row.ticketId)).toEqual([on.ids[0]]);
    expect(sent[0]!.attachments).toEqual([
      {
        filename: 'Teilnahmebescheinigung.pdf',
        contentType: 'application/pdf',
        render: { kind: 'certificate-pdf', certificateId: issued[0]!.id },
      },
    ]);
    // the worker renders it before the first send
    for (let i = 0; i < 20 && (await t.services.outbox.drainOnce()) > 0; i++);
    const [rendered] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, sent[0]!.id));
    const attachment = rendered!.attachments[0] as MailAttachment;
    const text = pdfToText(Buffer.from(attachment.contentBase64, 'base64'));
    expect(text).toContain('Bruno Berg');
    expect(text).toContain('Wachstumsraum GmbH');
    expect(text).toContain(`Prüfcode: ${issued[0]!.code}`);
  });

  it('goes to every active ticket where nobody was checked in', async () => {
    await db()
      .update(mailRules)
      .set({ enabled: true })
      .where(and(isNull(mailRules.eventId), eq(mailRules.name, 'Bescheinigung am Tag danach')));
    const open = await comingEvent(0);
    await enable(open.event);
    await db().update(tickets).set({ status: 'canceled' }).where(eq(tickets.id, open.ids[1]!));
    await runMailRules(db(), { now: open.due, mail: TEST_MAIL });
    expect(await mailsAbout(open.event, 'Deine Teilnahmebescheinigung für „{event}“')).toHaveLength(1);
    const issued = await db().select().from(certificates).where(eq(certificates.eventId, open.event.id));
    expect(issued.map((row) => row.ticketId)).toEqual([open.ids[0]]);
  });

  it('sends the survey rule only where the survey is on', async () => {
    const without = await comingEvent(2);
    const withSurvey = await comingEvent(2);
    await db().insert(feedbackSettings).values({ eventId: withSurvey.event.id, enabled: true });
    await runMailRules(db(), { now: without.due, mail: TEST_MAIL });
    expect(await mailsAbout(without.event, 'Wie war „{event}“?')).toHaveLength(0);
    expect(await mailsAbout(withSurvey.event, 'Wie war „{event}“?')).toHaveLength(2);
  });
});

describe('the person’s data', () => {
  it('lists the certificates in the export and deletes them with the account', async () => {
    const person = await signedInUser(t, 'attendee');
    const start = new Date(Date.now() - 3 * DAY);
    const event = await createEvent(db(), { title: `Datenkurs ${++counter}`, startTime: start });
    const { tickets: booked } = await createBooking(db(), {
      event,
      profileId: person.id,
      booking: { holderName: 'Dora Daten' },
      now: new Date(start.getTime() - DAY),
    });
    await enable(event);
    await issue(event);
    const [issued] = await db().select().from(certificates).where(eq(certificates.ticketId, booked[0]!.id));
    const exported = (await (await request('GET', '/api/profile/export', person)).json()) as {
      certificates: { code: string; holderName: string; status: string }[];
    };
    expect(exported.certificates).toEqual([
      expect.objectContaining({ code: issued!.code, holderName: 'Dora Daten', status: 'valid' }),
    ]);
    const deleted = await request('DELETE', '/api/profile', person, { confirm: 'LÖSCHEN' });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(
      await db().select().from(certificates).where(eq(certificates.ticketId, booked[0]!.id)),
    ).toHaveLength(0);
    expect((await check(issued!.code)).status).toBe(404);
    // another person's certificate stays
    expect(
      await db().select().from(certificates).where(eq(certificates.holderName, 'Anna Maria Meier')),
    ).not.toHaveLength(0);
  });
});

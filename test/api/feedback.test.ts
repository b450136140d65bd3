import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_LINK_NEEDS_SURVEY,
  FEEDBACK_MESSAGES as M,
  type FeaturedFeedbackList,
  type FeedbackAnswer,
  type FeedbackResults,
  type FeedbackSurvey,
} from '@shared/feedback';
import type { PersonalDataExport } from '@server/core/privacy/personal-data-document';
import { feedbackTokenFor } from '@server/core/feedback/feedback-token';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import type { Event, Ticket } from '@server/db/types';
import {
  eventOrganizers,
  events,
  feedbackAnswers,
  feedbackSettings,
  mailOutbox,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn } from '../helpers/auth';
import { DAY, HOUR, MINUTE, signedInUser, type ErrorBody } from '../helpers/tickets';

// 'Wie war's?' (docs/product/feedback.md): the survey link without sign-in, once per ticket, refused when
// forged, after the account's deletion or for a cancelled ticket; the results, switch, CSV and featured
// comments for admins and only the event's own organizers; the placeholder in the scheduled mail; the data
// export and the deletion (deleted, or kept anonymised with consent).

type Person = { cookie: string; id: string };
let t: TestApp;
let admin: Person;
let organizer: Person;
let stranger: Person;
let past: Event;
let ticketOf: Record<'anna' | 'ben' | 'cleo' | 'dora', Ticket>;
const people = {
  anna: { name: 'Anna Morgenroth', email: 'anna.morgenroth@example.org' },
  ben: { name: 'Ben Abendstern', email: 'ben.abendstern@example.org' },
  cleo: { name: 'Cleo Mittag', email: 'cleo.mittag@example.org' },
  dora: { name: 'Dora Nachtweg', email: 'dora.nachtweg@example.org' },
};
const ids: Record<keyof typeof people, string> = { anna: '', ben: '', cleo: '', dora: '' };

const db = () => t.database.db;
const as = (cookie: string): Record<string, string> => ({ cookie });
const tokenOf = (ticket: Ticket) => feedbackTokenFor(t.config.appSecret, ticket.id);
const getSurvey = (token: string) => t.app.request(`/api/feedback/survey/${encodeURIComponent(token)}`);
const answer = (token: string, body: unknown) =>
  post(t, `/api/feedback/survey/${encodeURIComponent(token)}`, body);
const send = (method: string, url: string, cookie: string, body?: unknown) =>
  t.app.request(url, {
    method,
    headers: { ...as(cookie), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const answersOfEvent = (eventId: string) =>
  db().select().from(feedbackAnswers).where(eq(feedbackAnswers.eventId, eventId));
const good = { stars: 5, good: 'Die Übungen am Nachmittag', better: 'Mehr Pausen', publishConsent: true };

async function pastEvent(title: string, surveyOn: boolean): Promise<Event> {
  const end = new Date(Date.now() - 2 * DAY);
  const event = await createEvent(db(), {
    title,
    startTime: new Date(end.getTime() - 3 * HOUR),
    endTime: end,
    status: 'completed',
  });
  await db().insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
  if (surveyOn) await db().insert(feedbackSettings).values({ eventId: event.id, enabled: true });
  return event;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  stranger = await signedInUser(t, 'organizer');
  past = await pastEvent('Werkstatt Klarheit', true);
  const entries = Object.entries(people) as [keyof typeof people, { name: string; email: string }][];
  const issued: Partial<Record<keyof typeof people, Ticket>> = {};
  for (const [key, person] of entries) {
    const created = await createUser(db(), person);
    ids[key] = created.user.id;
    const {
      tickets: [ticket],
    } = await createBooking(db(), {
      event: past,
      profileId: created.user.id,
      now: new Date(past.startTime.getTime() - 20 * DAY),
    });
    issued[key] = ticket!;
  }
  ticketOf = issued as typeof ticketOf;
});
afterAll(() => t.close());

describe('the survey link (docs/product/feedback.md#survey)', () => {
  it('opens without sign-in, takes one answer, and refuses the second without changing the first', async () => {
    const token = tokenOf(ticketOf.anna);
    const page = await getSurvey(token);
    expect(page.status).toBe(200);
    expect((await page.json()) as FeedbackSurvey).toMatchObject({
      eventTitle: 'Werkstatt Klarheit',
      firstName: 'Anna',
      state: 'open',
    });

    const first = await answer(token, good);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { message: string }).message).toBe(M.thanks);

    const again = await answer(token, { ...good, stars: 1, good: 'Doch nicht so gut' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(M.alreadyAnswered);
    const rows = await db()
      .select()
      .from(feedbackAnswers)
      .where(eq(feedbackAnswers.ticketId, ticketOf.anna.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stars: 5, good: good.good, profileId: ids.anna, publishConsent: true });
    expect(((await (await getSurvey(token)).json()) as FeedbackSurvey).state).toBe('answered');
  });

  it('stores one answer when the same link is sent twice at once', async () => {
    const token = tokenOf(ticketOf.ben);
    const both = await Promise.all([
      answer(token, { ...good, stars: 4, publishConsent: false }),
      answer(token, { ...good, stars: 2, publishConsent: false }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(
      await db().select().from(feedbackAnswers).where(eq(feedbackAnswers.ticketId, ticketOf.ben.id)),
    ).toHaveLength(1);
  });

  it('refuses a forged or guessed token with 404 and stores nothing', async () => {
    const before = (await answersOfEvent(past.id)).length;
    const real = tokenOf(ticketOf.cleo);
    const forged = [
      `${ticketOf.cleo.id}_${'A'.repeat(43)}`,
      `${ticketOf.dora.id}_${real.slice(37)}`, // cleo's signature on dora's ticket
      feedbackTokenFor('another-secret-another-secret-123', ticketOf.cleo.id),
      ticketOf.cleo.id,
      'beispiel',
    ];
    for (const token of forged) {
      const page = await getSurvey(token);
      expect(page.status, token).toBe(404);
      expect((await errorOf(page)).message).toBe(M.invalidLink);
      const res = await answer(token, good);
      expect(res.status, token).toBe(404);
    }
    expect(await answersOfEvent(past.id)).toHaveLength(before);
  });

  it('validates the answer: 1 to 5 whole stars, texts at most 2,000 characters, the consent asked', async () => {
    const token = tokenOf(ticketOf.cleo);
    for (const body of [
      { ...good, stars: 0 },
      { ...good, stars: 6 },
      { ...good, stars: 3.5 },
      { ...good, good: 'x'.repeat(2001) },
      { stars: 4, good: '', better: '' },
    ]) {
      const res = await answer(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(
      await db().select().from(feedbackAnswers).where(eq(feedbackAnswers.ticketId, ticketOf.cleo.id)),
    ).toHaveLength(0);
  });

  it('refuses a cancelled ticket, an event before its end, a cancelled event and one without the survey', async () => {
    const other = await createUser(db());
    const cancelled = await pastEvent('Abgesagte Runde', true);
    const {
      tickets: [gone],
    } = await createBooking(db(), {
      event: cancelled,
      profileId: other.user.id,
      now: new Date(cancelled.startTime.getTime() - 20 * DAY),
    });
    await db()
      .update(tickets)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(tickets.id, gone!.id));
    const cancelledRes = await answer(tokenOf(gone!), good);
    expect(cancelledRes.status).toBe(409);
    expect((await errorOf(cancelledRes)).message).toBe(M.ticketCancelled);

    const coming = await createEvent(db(), { title: 'Kommt noch' });
    await db().insert(feedbackSettings).values({ eventId: coming.id, enabled: true });
    const {
      tickets: [early],
    } = await createBooking(db(), { event: coming, profileId: other.user.id });
    const earlyRes = await answer(tokenOf(early!), good);
    expect(earlyRes.status).toBe(409);
    expect((await errorOf(earlyRes)).message).toBe(M.notYet);

    const called = await pastEvent('Abgesagt ohne Erstattung', true);
    await db().update(events).set({ status: 'cancelled' }).where(eq(events.id, called.id));
    const {
      tickets: [kept],
    } = await createBooking(db(), {
      event: { ...called, status: 'published' },
      profileId: other.user.id,
      now: new Date(called.startTime.getTime() - 20 * DAY),
    });
    const calledRes = await answer(tokenOf(kept!), good);
    expect(calledRes.status).toBe(409);
    expect((await errorOf(calledRes)).message).toBe(M.eventCancelled);

    const silent = await pastEvent('Ohne Umfrage', false);
    const {
      tickets: [quiet],
    } = await createBooking(db(), {
      event: silent,
      profileId: other.user.id,
      now: new Date(silent.startTime.getTime() - 20 * DAY),
    });
    const quietRes = await getSurvey(tokenOf(quiet!));
    expect(quietRes.status).toBe(404);
    expect((await errorOf(quietRes)).message).toBe(M.surveyOff);
    expect(
      await db()
        .select()
        .from(feedbackAnswers)
        .where(inArray(feedbackAnswers.eventId, [cancelled.id, coming.id, called.id, silent.id])),
    ).toHaveLength(0);
  });
});

describe('results, switch and CSV: admins and the event’s own organizers (docs/product/feedback.md#results)', () => {
  it('shows average, distribution and every answer to the assigned organizer and an admin', async () => {
    for (const who of [organizer, admin]) {
      const res = await send('GET', `/api/feedback/events/${past.id}`, who.cookie);
      expect(res.status).toBe(200);
      const results = (await res.json()) as FeedbackResults;
      expect(results).toMatchObject({ enabled: true, count: 2, reachable: 4 });
      expect(results.distribution).toEqual([0, 0, 0, 1, 1]);
      expect(results.average).toBe(4.5);
      expect(results.answers.map((row) => row.stars).sort()).toEqual([4, 5]);
    }
  });

  it('refuses another organizer, an attendee and a visitor, for results, CSV, switch and featuring', async () => {
    const attendee = await signedInUser(t, 'attendee');
    const [anna] = await db()
      .select()
      .from(feedbackAnswers)
      .where(eq(feedbackAnswers.ticketId, ticketOf.anna.id));
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/feedback/events/${past.id}`],
      ['GET', `/api/feedback/events/${past.id}/csv`],
      ['PUT', `/api/feedback/events/${past.id}/settings`, { enabled: false }],
      ['PUT', `/api/feedback/events/${past.id}/answers/${anna!.id}/featured`, { featured: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, stranger.cookie, body)).status, `${method} ${url}`).toBe(403);
      expect((await send(method, url, attendee.cookie, body)).status, `${method} ${url}`).toBe(403);
      expect((await send(method, url, '', body)).status, `${method} ${url}`).toBe(401);
    }
    const [still] = await db().select().from(feedbackSettings).where(eq(feedbackSettings.eventId, past.id));
    expect(still!.enabled).toBe(true);
    const [unchanged] = await db().select().from(feedbackAnswers).where(eq(feedbackAnswers.id, anna!.id));
    expect(unchanged!.featured).toBe(false);
    expect((await send('GET', `/api/feedback/events/not-a-uuid`, admin.cookie)).status).toBe(404);
  });

  it('gives the answers as CSV (semicolons, BOM, no names), one line per answer', async () => {
    const res = await send('GET', `/api/feedback/events/${past.id}/csv`, organizer.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="feedback-${past.slug}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Eingegangen am;Uhrzeit;Sterne;Was war gut?;Was könnte besser sein?;Anonym veröffentlichen erlaubt;Auf der Website gezeigt',
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes(';5;Die Übungen am Nachmittag;Mehr Pausen;ja;nein'))).toBe(
      true,
    );
    expect(text).not.toMatch(/Anna|Morgenroth|example\.org/);
  });

  it('switches the survey off and on; a link of an event switched off answers "keine Umfrage"', async () => {
    const off = await send('PUT', `/api/feedback/events/${past.id}/settings`, organizer.cookie, {
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect((await errorOf(await getSurvey(tokenOf(ticketOf.cleo)))).message).toBe(M.surveyOff);
    const bad = await send('PUT', `/api/feedback/events/${past.id}/settings`, organizer.cookie, {
      enabled: 'ja',
    });
    expect(bad.status).toBe(422);
    const on = await send('PUT', `/api/feedback/events/${past.id}/settings`, admin.cookie, { enabled: true });
    expect(on.status).toBe(200);
    expect((await getSurvey(tokenOf(ticketOf.cleo))).status).toBe(200);
  });
});

describe('featured comments (docs/product/feedback.md#featured)', () => {
  it('features only answers with consent and text, and lists them anonymously with organizers', async () => {
    const rows = await answersOfEvent(past.id);
    const anna = rows.find((row) => row.ticketId === ticketOf.anna.id)!;
    const ben = rows.find((row) => row.ticketId === ticketOf.ben.id)!;
    const url = (id: string) => `/api/feedback/events/${past.id}/answers/${id}/featured`;

    const refused = await send('PUT', url(ben.id), organizer.cookie, { featured: true });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(M.featureNeedsConsent);

    const ok = await send('PUT', url(anna.id), organizer.cookie, { featured: true });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { answer: FeedbackAnswer }).answer.featured).toBe(true);

    const list = (await (await t.app.request('/api/feedback/featured')).json()) as FeaturedFeedbackList;
    const shown = list.comments.filter((comment) => comment.eventTitle === 'Werkstatt Klarheit');
    expect(shown).toEqual([
      expect.objectContaining({ stars: 5, text: good.good, organizerIds: [organizer.id], seriesSlug: null }),
    ]);
    expect(JSON.stringify(list)).not.toMatch(/Anna|Morgenroth|Mehr Pausen/);

    // an answer of another event cannot be featured through this event's path
    const elsewhere = await pastEvent('Andere Werkstatt', true);
    expect(
      (
        await send('PUT', `/api/feedback/events/${elsewhere.id}/answers/${anna.id}/featured`, admin.cookie, {
          featured: false,
        })
      ).status,
    ).toBe(404);
  });
});

describe('the mail rule and {feedback_link} (docs/product/feedback.md#mail)', () => {
  it('the shipped rule mails each participant their own working link the day after, only where the survey is on', async () => {
    const event = await pastEvent('Mail-Werkstatt', true);
    const silent = await pastEvent('Mail ohne Umfrage', false);
    const end = new Date(Date.now() - 2 * HOUR);
    for (const e of [event, silent]) {
      await db()
        .update(events)
        .set({ startTime: new Date(end.getTime() - 3 * HOUR), endTime: end })
        .where(eq(events.id, e.id));
    }
    const mira = await createUser(db(), { name: 'Mira Sonnenfeld', email: 'mira.sonnenfeld@example.org' });
    const {
      tickets: [mine],
    } = await createBooking(db(), { event, profileId: mira.user.id, now: new Date(end.getTime() - 5 * DAY) });
    await createBooking(db(), {
      event: silent,
      profileId: mira.user.id,
      now: new Date(end.getTime() - 5 * DAY),
    });

    await t.services.eventMails.runOnce(new Date(end.getTime() + 24 * HOUR + MINUTE));
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'mira.sonnenfeld@example.org'));
    const feedbackMails = mails.filter((mail) => mail.subject.startsWith('Wie war'));
    expect(feedbackMails.map((mail) => mail.subject)).toEqual(['Wie war „Mail-Werkstatt“?']);
    const link = /http\S+\/feedback\/(\S+)/.exec(feedbackMails[0]!.text);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![1]!)).toBe(tokenOf(mine!));
    const page = await getSurvey(decodeURIComponent(link![1]!));
    expect(((await page.json()) as FeedbackSurvey).firstName).toBe('Mira');

    // the link itself opens the app's page (a path that looked like a file would get a plain 404)
    const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-feedback-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head></html>',
    );
    const served = await createTestApp({ database: t.database, webRoot });
    try {
      const shell = await served.app.request(new URL(link![0]).pathname);
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain('<html');
    } finally {
      await served.close();
    }
  });

  it('previews show a sample link, never a person’s; a message with the link needs the survey on', async () => {
    const preview = await send('POST', `/api/participants/${past.id}/message/preview`, organizer.cookie, {
      subject: 'Deine Meinung',
      body: 'Hier: {feedback_link}',
    });
    expect(preview.status).toBe(200);
    const text = ((await preview.json()) as { text: string }).text;
    expect(text).toContain('/feedback/beispiel');

    const silent = await pastEvent('Nachricht ohne Umfrage', false);
    const refused = await send('POST', `/api/participants/${silent.id}/message`, admin.cookie, {
      subject: 'Deine Meinung',
      body: 'Hier: {feedback_link}',
    });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(FEEDBACK_LINK_NEEDS_SURVEY);
  });
});

describe('privacy (docs/product/feedback.md#privacy)', () => {
  let annaCookie = '';
  it('puts the person’s answers into the data export', async () => {
    const anna = await signIn(t, people.anna.email);
    annaCookie = anna.cookie;
    const res = await t.app.request('/api/profile/export', { headers: as(anna.cookie) });
    const data = (await res.json()) as PersonalDataExport;
    expect(data.feedback).toEqual([
      expect.objectContaining({ stars: 5, good: good.good, better: good.better, publishConsent: true }),
    ]);
    expect(data.feedback[0]!.event.title).toBe('Werkstatt Klarheit');
  });

  it('deletes an answer without consent with the account, keeps one with consent anonymised; the link then refuses', async () => {
    for (const key of ['anna', 'ben'] as const) {
      const cookie = key === 'anna' ? annaCookie : (await signIn(t, people[key].email)).cookie;
      const res = await send('DELETE', '/api/profile', cookie, { confirm: 'LÖSCHEN' });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const rows = await answersOfEvent(past.id);
    // ben's (no consent) is gone; anna's (consent) stays without ticket and person
    expect(rows.filter((row) => row.stars === 4 && row.publishConsent === false)).toHaveLength(0);
    const kept = rows.filter((row) => row.good === good.good);
    expect(kept).toEqual([expect.objectContaining({ ticketId: null, profileId: null, featured: true })]);
    expect(
      await db()
        .select()
        .from(feedbackAnswers)
        .where(and(eq(feedbackAnswers.eventId, past.id), eq(feedbackAnswers.profileId, ids.ben))),
    ).toHaveLength(0);

    for (const key of ['anna', 'ben'] as const) {
      const page = await getSurvey(tokenOf(ticketOf[key]));
      expect(page.status).toBe(404);
      expect((await errorOf(page)).message).toBe(M.accountDeleted);
      const res = await answer(tokenOf(ticketOf[key]), good);
      expect(res.status).toBe(404);
    }
    expect(await answersOfEvent(past.id)).toHaveLength(rows.length);
  });

  it('after the ticket is cancelled the link refuses and stores nothing', async () => {
    await db()
      .update(tickets)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(tickets.id, ticketOf.dora.id));
    const res = await answer(tokenOf(ticketOf.dora), good);
    expect(res.status).toBe(409);
    expect(
      await db().select().from(feedbackAnswers).where(eq(feedbackAnswers.ticketId, ticketOf.dora.id)),
    ).toHaveLength(0);
  });
});

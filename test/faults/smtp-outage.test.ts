import { eq, min } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailTransport } from '@server/adapters/mail/mail-transport';
import { createSmtpTransport } from '@server/adapters/mail/smtp-transport';
import { enqueueMail } from '@server/core/mail/enqueue-mail';
import { mailOutbox } from '@server/db/schema';
import { OutboxWorker } from '@server/jobs/outbox-worker';
import { createLogger } from '@server/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, uniqueEmail } from '../helpers/auth';
import { printFigures } from './support/figures';
import { freePort } from './support/server-process';

// Fault test: a relay that is down, then refuses, then fails mid-transaction. The outbox
// (jobs/outbox-worker.ts) must deliver every mail exactly once in the end. The worker runs with an injected
// clock, so the back-off is jumped over instead of waited for.

const MAILS = 30;
const INSTANCES = 5;

interface Delivery {
  to: string;
  subject: string;
}

type Fault = 'rcpt' | 'data';

/** A local SMTP relay whose failures the test switches on and off; counts what it accepted. */
function startRelay(port: number) {
  const deliveries: Delivery[] = [];
  const injected = { greeting: 0, rcpt: 0, data: 0 };
  /** Recipients whose next transaction fails once, at RCPT TO (450) or after the whole DATA (451). */
  const failOnce = new Map<string, Fault>();
  const state = { refuseGreeting: false };
  const smtpError = (code: number, message: string) =>
    Object.assign(new Error(message), { responseCode: code });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true, // a DNS lookup per connection only slows the test down
    onConnect(_session, callback) {
      if (!state.refuseGreeting) return callback();
      injected.greeting++;
      callback(smtpError(421, 'Dienst vorübergehend nicht verfügbar'));
    },
    onRcptTo(address, _session, callback) {
      if (failOnce.get(address.address) !== 'rcpt') return callback();
      failOnce.delete(address.address);
      injected.rcpt++;
      callback(smtpError(450, 'Postfach vorübergehend nicht verfügbar'));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]!.address;
        if (failOnce.get(to) === 'data') {
          // The relay read the whole message and then refused it: the client must send it again.
          failOnce.delete(to);
          injected.data++;
          return callback(smtpError(451, 'Lokaler Fehler, bitte später erneut versuchen'));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        deliveries.push({ to, subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '' });
        callback();
      });
    },
  });
  const listening = new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    deliveries,
    injected,
    failOnce,
    state,
    listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Relay = ReturnType<typeof startRelay>;

let t: TestApp;
let relay: Relay | undefined;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
});
beforeEach(async () => {
  if (t) await t.database.db.delete(mailOutbox);
});
afterAll(async () => {
  await relay?.close();
  await t?.close();
});

/** The production SMTP transport, wrapped only to count the sends that failed. */
function countingTransport(port: number) {
  const smtp = createSmtpTransport({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Wachstumsraum <tickets@shop.example.test>',
  });
  const counts = { sends: 0, failed: 0 };
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      counts.sends++;
      try {
        await smtp.send(mail);
      } catch (error) {
        counts.failed++;
        throw error;
      }
    },
  };
  return { transport, counts };
}

/**
 * Several workers (app instances) sharing one clock, ahead of the database's now() so fresh mails are due.
 * Their claims must never overlap; and they wait out the relay's 100 ms greeting delay side by side.
 */
function workersFor(transport: MailTransport) {
  let current = Date.now() + 5_000;
  const workers = Array.from(
    { length: INSTANCES },
    () =>
      new OutboxWorker({
        db: t.database.db,
        transport,
        logger: createLogger('silent'),
        now: () => new Date(current),
        batchSize: 1000, // one round tries every due mail once
      }),
  );
  /** One round of every instance at once; answers how many mails were sent. */
  const round = async () => (await Promise.all(workers.map((worker) => worker.drainOnce()))).reduce(sum, 0);
  /** Moves the clock to the next retry that is due, as if the back-off had passed. */
  const skipBackOff = async () => {
    const [row] = await t.database.db
      .select({ next: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    if (row?.next) current = Math.max(current, row.next.getTime() + 1);
  };
  return { round, skipBackOff };
}

const sum = (a: number, b: number) => a + b;
const pendingCount = async () =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).length;

/** Rounds (each after its back-off) until the outbox is empty; bounded so a stuck mail fails the test. */
async function driveUntilEmpty({ round, skipBackOff }: ReturnType<typeof workersFor>) {
  for (let i = 1; i <= 6; i++) {
    if ((await pendingCount()) === 0) return;
    await skipBackOff();
    await round();
  }
  expect(await pendingCount()).toBe(0);
}

/**
 * Every outbox mail against what the relay accepted, keyed by recipient (one mail per address here): a
 * sign-in mail's subject is blanked once SMTP took it (docs/decisions/017-input-edge-and-leaks.md).
 */
async function tally(deliveries: Delivery[]) {
  const rows = await t.database.db.select().from(mailOutbox);
  const key = (mail: Pick<Delivery, 'to'>) => mail.to;
  const arrived = new Map<string, number>();
  for (const delivery of deliveries) arrived.set(key(delivery), (arrived.get(key(delivery)) ?? 0) + 1);
  const expected = new Set(rows.map(key));
  return {
    enqueued: rows.length,
    delivered: deliveries.length,
    lost: [...expected].filter((mail) => !arrived.has(mail)).length,
    duplicates: [...arrived.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    unexpected: [...arrived.keys()].filter((mail) => !expected.has(mail)).length,
    notSent: rows.filter((row) => row.status !== 'sent').length,
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('SMTP outage (PostgreSQL)', () => {
  it('SMTP down, then refusing, then up: every mail arrives exactly once', async () => {
    const port = await freePort(); // nobody listens there yet: the relay is down
    // Real flows first: sign-in codes requested while the relay is down (they only enter the outbox).
    const signIns = 10;
    for (let i = 0; i < signIns; i++) {
      const res = await post(t, '/api/auth/code/send', { email: uniqueEmail('ausfall') });
      expect(res.status).toBe(200);
    }
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    for (let i = signIns; i < MAILS; i++) {
      await enqueueMail(t.database.db, {
        to: `gast-${i}@example.test`,
        subject: `Ausfalltest ${i}`,
        text: `Mail ${i}`,
        html: `<p>Mail ${i}</p>`,
        attachments:
          i % 5 === 0 ? [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf }] : [],
      });
    }
    const { transport, counts } = countingTransport(port);
    const drive = workersFor(transport);

    // Down: nothing listens on the port. Two rounds, so the second try after the back-off fails as well.
    expect(await drive.round()).toBe(0);
    await drive.skipBackOff();
    expect(await drive.round()).toBe(0);
    const refused = counts.failed;
    expect(refused).toBe(2 * MAILS);

    // Listening, but answering 421 to every connection.
    relay = startRelay(port);
    await relay.listening;
    relay.state.refuseGreeting = true;
    await drive.skipBackOff();
    expect(await drive.round()).toBe(0);
    expect(relay.injected.greeting).toBe(MAILS);
    expect(await pendingCount()).toBe(MAILS);

    relay.state.refuseGreeting = false;
    await driveUntilEmpty(drive);

    const result = await tally(relay.deliveries);
    printFigures('SMTP down then up', {
      'faults injected': counts.failed,
      'connections refused': refused,
      'greetings 421': relay.injected.greeting,
      'mails enqueued': result.enqueued,
      delivered: result.delivered,
      lost: result.lost,
      duplicates: result.duplicates,
    });
    expect(result).toEqual({
      enqueued: MAILS,
      delivered: MAILS,
      lost: 0,
      duplicates: 0,
      unexpected: 0,
      notSent: 0,
    });
    expect(counts.failed).toBe(3 * MAILS);
    await relay.close();
    relay = undefined;
  });

  it('a relay that fails mid-transaction: each mail is retried and delivered once', async () => {
    const port = await freePort();
    relay = startRelay(port);
    await relay.listening;
    for (let i = 0; i < MAILS; i++) {
      const to = `mitte-${i}@example.test`;
      await enqueueMail(t.database.db, { to, subject: `Abbruchtest ${i}`, text: `Mail ${i}`, html: '' });
      // Two thirds fail once: at RCPT TO, or after the relay read the whole message; a third goes through.
      if (i % 3 === 0) relay.failOnce.set(to, 'rcpt');
      if (i % 3 === 1) relay.failOnce.set(to, 'data');
    }
    const { transport, counts } = countingTransport(port);
    const drive = workersFor(transport);

    expect(await drive.round()).toBe(MAILS / 3);
    expect(await pendingCount()).toBe((2 * MAILS) / 3);
    await driveUntilEmpty(drive);

    const result = await tally(relay.deliveries);
    const injected = relay.injected.rcpt + relay.injected.data;
    printFigures('SMTP fails mid-transaction', {
      'faults injected': injected,
      'rejected at RCPT': relay.injected.rcpt,
      'rejected after DATA': relay.injected.data,
      'mails enqueued': result.enqueued,
      delivered: result.delivered,
      lost: result.lost,
      duplicates: result.duplicates,
    });
    expect(result).toEqual({
      enqueued: MAILS,
      delivered: MAILS,
      lost: 0,
      duplicates: 0,
      unexpected: 0,
      notSent: 0,
    });
    expect(injected).toBe((2 * MAILS) / 3);
    expect(counts.failed).toBe(injected);
    const attempts = (await t.database.db.select().from(mailOutbox)).map((row) => row.attempts);
    expect(attempts.filter((n) => n === 2)).toHaveLength(injected);
  });
});

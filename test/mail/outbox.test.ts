import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '@server/adapters/mail/mail-transport';
import { enqueueMail } from '@server/core/mail/enqueue-mail';
import type { Database } from '@server/db/client';
import type { Db } from '@server/db/types';
import { mailOutbox } from '@server/db/schema';
import { listDevMails } from '@server/core/mail/list-dev-mails';
import { signInCodeMail } from '@server/core/mail/templates/sign-in-code';
import { OutboxWorker, PURGED_MAIL_TEXT, retryDelayMs } from '@server/jobs/outbox-worker';
import type { JobObserver } from '@server/jobs/periodic-task';
import { createTestDatabase } from '../helpers/db';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // The concurrent tests open several pooled connections. pool.end() does not wait for them to close, so
  // the helper's DROP DATABASE … WITH (FORCE) may kill one first; that is teardown noise, not a failure.
  database.pool?.on('error', () => undefined);
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(mailOutbox);
});

/** Records what it sends; `failures` makes the next n sends throw, `gate` holds sends until released. */
function fakeTransport(options: { failures?: number; gate?: Promise<void>; delayMs?: number } = {}) {
  let failures = options.failures ?? 0;
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[]; calls: number } = {
    kind: 'smtp',
    sent,
    calls: 0,
    async send(mail) {
      transport.calls++;
      await options.gate;
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures--;
        throw new Error('421 Mailserver nicht erreichbar');
      }
      sent.push(mail);
    },
  };
  return transport;
}

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

/** A clock ahead of the database's now(), so freshly enqueued mails are due; tests move it forward. */
function testClock() {
  let current = Date.now() + 5_000;
  return { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
}

/** Counts a worker's rounds; `ended(n)` resolves once n rounds have ended, and fails after 5 s. */
function roundCounter() {
  let count = 0;
  const waiting = new Set<{ n: number; resolve: () => void }>();
  const observer: JobObserver = {
    jobStarted: () => {},
    roundEnded: () => {
      count++;
      for (const waiter of waiting) if (count >= waiter.n) waiter.resolve();
    },
  };
  const ended = (n: number) =>
    new Promise<void>((resolve, reject) => {
      if (count >= n) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`round ${n} did not end within 5 s (${count} did)`)),
        5000,
      );
      const waiter = {
        n,
        resolve: () => {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve();
        },
      };
      waiting.add(waiter);
    });
  return { observer, ended, count: () => count };
}

const mail = (n = 1): OutgoingMail => ({
  to: `gast${n}@example.test`,
  subject: `Betreff ${n}`,
  text: `Text ${n}`,
  html: `<p>HTML ${n}</p>`,
});

const rowOf = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('outbox worker', () => {
  it('sends an enqueued mail with its attachment and marks it sent', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const { id } = await enqueueMail(db, {
      ...mail(),
      attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect((await rowOf(id)).attachments).toEqual([
      {
        filename: 'ticket.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        contentBase64: pdf.toString('base64'),
      },
    ]);
    const transport = fakeTransport();
    const worker = new OutboxWorker({ db, transport, logger: captureLogger().logger, ...testClock() });

    expect(await worker.drainOnce()).toBe(1);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      to: 'gast1@example.test',
      subject: 'Betreff 1',
      html: '<p>HTML 1</p>',
    });
    expect(transport.sent[0]!.attachments![0]!.content.equals(pdf)).toBe(true);
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await worker.drainOnce()).toBe(0); // sent once only
  });

  it('is written only when the surrounding transaction commits', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail());
        throw new Error('booking failed');
      }),
    ).rejects.toThrow('booking failed');
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('keeps a failing mail pending with back-off and sends it once the relay is back', async () => {
    const { id } = await enqueueMail(db, mail());
    const clock = testClock();
    const transport = fakeTransport({ failures: 2 });
    const worker = new OutboxWorker({ db, transport, logger: captureLogger().logger, ...clock });

    expect(await worker.drainOnce()).toBe(0);
    let row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 Mailserver nicht erreichbar',
    });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);

    expect(await worker.drainOnce()).toBe(0); // not due yet: the relay is not hammered
    expect(transport.calls).toBe(1);

    clock.advance(31_000);
    expect(await worker.drainOnce()).toBe(0);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);

    clock.advance(61_000);
    expect(await worker.drainOnce()).toBe(1);
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(transport.sent.map((m) => m.subject)).toEqual(['Betreff 1']);
  });

  it('gives up after maxAttempts with status failed and an error log', async () => {
    const { id } = await enqueueMail(db, mail());
    const clock = testClock();
    const transport = fakeTransport({ failures: 100 });
    const { logger, lines } = captureLogger();
    const worker = new OutboxWorker({ db, transport, logger, maxAttempts: 3, ...clock });

    for (let i = 0; i < 5; i++) {
      await worker.drainOnce();
      clock.advance(2 * 60 * 60_000);
    }
    expect(transport.calls).toBe(3);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
      'mail not sent; retries exhausted',
    ]);
  });

  it('backs off exponentially, capped at one hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });

  it('leases a mail while it is being sent, and frees it again if the sender dies', async () => {
    const { id } = await enqueueMail(db, mail());
    const clock = testClock();
    let release!: () => void;
    const slow = fakeTransport({ gate: new Promise<void>((resolve) => (release = resolve)) });
    const first = new OutboxWorker({ db, transport: slow, logger: captureLogger().logger, ...clock });
    const second = fakeTransport();
    const other = new OutboxWorker({ db, transport: second, logger: captureLogger().logger, ...clock });

    const sending = first.drainOnce();
    await expect.poll(() => slow.calls).toBe(1);
    expect(await other.drainOnce()).toBe(0); // claimed by the first worker
    expect(second.calls).toBe(0);

    clock.advance(11 * 60_000); // the first worker "died": its lease runs out, the mail is not lost
    expect(await other.drainOnce()).toBe(1);
    release();
    await sending;
    expect((await rowOf(id)).status).toBe('sent');
  });

  it('never sends a mail twice when several workers drain at the same time', async () => {
    const count = 40;
    await db.insert(mailOutbox).values(
      Array.from({ length: count }, (_, i) => {
        const { to, subject, text, html } = mail(i);
        return { to, subject, text, html };
      }),
    );
    const clock = testClock();
    const transports = Array.from({ length: 4 }, () => fakeTransport({ delayMs: 2 }));
    const workers = transports.map(
      (transport) =>
        new OutboxWorker({ db, transport, logger: captureLogger().logger, batchSize: count, ...clock }),
    );

    const sentCounts = await Promise.all(workers.map((worker) => worker.drainOnce()));
    const subjects = transports.flatMap((t) => t.sent.map((m) => m.subject));
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect(sentCounts.reduce((a, b) => a + b, 0)).toBe(count);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('sign-in mails (docs/decisions/017-input-edge-and-leaks.md)', () => {
  const context = {
    siteName: 'Wachstumsraum',
    logoUrl: '',
    supportEmail: 'hallo@shop.example.test',
    publicUrl: 'https://shop.example.test',
  };
  const MINUTE = 60_000;
  /** A sign-in code mail as the auth mailer writes it: secret for the code's 10 minutes. */
  const codeMail = (clock: { now: () => Date }, code = '482913', to = 'gast@example.test') =>
    enqueueMail(db, {
      to,
      ...signInCodeMail({ context, code }),
      secretUntil: new Date(clock.now().getTime() + 10 * MINUTE),
    });
  const blanked = {
    subject: PURGED_MAIL_TEXT,
    text: PURGED_MAIL_TEXT,
    html: PURGED_MAIL_TEXT,
    secretUntil: null,
  };

  it('blanks the code once SMTP took the mail; other mails keep their text', async () => {
    const clock = testClock();
    const { id } = await codeMail(clock);
    const other = await enqueueMail(db, mail());
    const transport = fakeTransport();
    const worker = new OutboxWorker({ db, transport, logger: captureLogger().logger, ...clock });
    expect(await worker.drainOnce()).toBe(2);
    expect(transport.sent.find((sent) => sent.to === 'gast@example.test')?.subject).toBe(
      'Dein Anmeldecode: 482913',
    );
    expect(await rowOf(id)).toMatchObject({ status: 'sent', ...blanked });
    expect(JSON.stringify(await rowOf(id))).not.toContain('482913');
    expect(await rowOf(other.id)).toMatchObject({ status: 'sent', subject: 'Betreff 1', text: 'Text 1' });
  });

  it('keeps the code readable in the dev mailbox until it expires, then blanks it', async () => {
    const clock = testClock();
    const { id } = await codeMail(clock);
    const devbox: MailTransport = { kind: 'devbox', send: async () => undefined };
    const worker = new OutboxWorker({ db, transport: devbox, logger: captureLogger().logger, ...clock });
    expect(await worker.drainOnce()).toBe(1);
    expect((await listDevMails({ db }))[0]).toMatchObject({ subject: 'Dein Anmeldecode: 482913' });

    clock.advance(10 * MINUTE - 1000);
    expect(await worker.purgeExpiredSecrets()).toBe(0);
    clock.advance(2000);
    expect(await worker.drainOnce()).toBe(0); // the worker's round purges too
    expect(await rowOf(id)).toMatchObject({ status: 'sent', ...blanked });
    expect((await listDevMails({ db }))[0]).toMatchObject({
      subject: PURGED_MAIL_TEXT,
      text: PURGED_MAIL_TEXT,
    });
  });

  it('gives up a code mail that could not be sent before the code expired, and blanks it', async () => {
    const clock = testClock();
    const { id } = await codeMail(clock);
    const transport = fakeTransport({ failures: 100 });
    const worker = new OutboxWorker({ db, transport, logger: captureLogger().logger, ...clock });
    expect(await worker.drainOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', subject: 'Dein Anmeldecode: 482913' });

    clock.advance(11 * MINUTE);
    expect(await worker.purgeExpiredSecrets()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      lastError: 'expired before it could be sent',
      ...blanked,
    });
    clock.advance(60 * MINUTE);
    expect(await worker.drainOnce()).toBe(0);
    expect(transport.sent).toHaveLength(0);
  });
});

describe('outbox worker loop', () => {
  it('sends soon after kick() instead of waiting for the next round, and stops cleanly', async () => {
    const transport = fakeTransport();
    const rounds = roundCounter();
    const worker = new OutboxWorker({
      db,
      transport,
      logger: captureLogger().logger,
      intervalMs: 60_000,
      observer: rounds.observer,
      ...testClock(),
    });
    worker.start();
    await rounds.ended(1); // the first round ran on an empty outbox; the next one is a minute away
    expect(transport.sent).toHaveLength(0);
    await enqueueMail(db, mail());
    worker.kick();
    await rounds.ended(2);
    expect(transport.sent).toHaveLength(1);
    await worker.stop();
    expect(rounds.count()).toBe(2);
  });

  it('logs unexpected errors and keeps running', async () => {
    const broken = {
      select: () => {
        throw new Error('Datenbank weg');
      },
    } as unknown as Db;
    const { logger, lines } = captureLogger();
    const worker = new OutboxWorker({ db: broken, transport: fakeTransport(), logger, intervalMs: 10 });
    worker.start();
    await expect
      .poll(() => lines.filter((line) => line.msg === 'outbox round failed; retrying later').length)
      .toBeGreaterThan(1);
    await worker.stop();
  });
});

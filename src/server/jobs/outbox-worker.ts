import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { MailTransport, OutgoingMail } from '../adapters/mail/mail-transport';
import type { Db } from '../db/types';
import { mailOutbox, type DeferredMailAttachment, type MailAttachment } from '../db/schema';
import type { Logger } from '../logger';
import { PeriodicTask, type JobObserver } from './periodic-task';
import { enqueueMail } from '../core/mail/enqueue-mail';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claimed mail is reserved for this worker; far above the SMTP timeouts (smtp-transport.ts). */
  leaseMs?: number;
  /** Injected clock, so tests can jump over the back-off. */
  now?: () => Date;
  /** Renders deferred attachments (ticket PDFs, calendar files) before the first send. */
  renderAttachment?: AttachmentRenderer;
  /** Told about the rounds the timer runs (metrics). */
  observer?: JobObserver;
}

export type AttachmentRenderer = (render: DeferredMailAttachment['render']) => Promise<Buffer>;

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
const PURGE_INTERVAL_MS = 60_000;
/** Most outbox rows the backlog metric reads. */
const BACKLOG_CAP = 10_000;

/** What is left of a mail's subject and bodies once its sign-in code or link is blanked. */
export const PURGED_MAIL_TEXT = '[entfernt]';
const purged = {
  subject: PURGED_MAIL_TEXT,
  text: PURGED_MAIL_TEXT,
  html: PURGED_MAIL_TEXT,
  secretUntil: null,
};

/** 30 s, 1 min, 2 min, … capped at 1 h: a relay that is down for a while is not hammered. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
}

/**
 * Sends what enqueueMail wrote (docs/architecture.md#background-jobs). Safe with several app instances: a
 * mail is claimed by one short UPDATE … FOR UPDATE SKIP LOCKED that pushes next_attempt_at forward as a
 * lease, and SMTP is only talked to after that statement committed, so no row lock is held during a send.
 * Delivery is at-least-once: if a process dies mid-send, the lease runs out and the mail is sent again.
 */
export class OutboxWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly now: () => Date;
  private readonly renderAttachment: AttachmentRenderer | undefined;
  private readonly task: PeriodicTask;
  private stopping = false;
  private nextPurgeAt = 0;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 2000;
    this.batchSize = options.batchSize ?? 20;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.now = options.now ?? (() => new Date());
    this.renderAttachment = options.renderAttachment;
    // a full batch means a backlog: the next round starts at once
    this.task = new PeriodicTask({
      name: 'outbox',
      logger: this.logger,
      intervalMs: this.intervalMs,
      observer: options.observer,
      round: async () => (await this.drainOnce()) >= this.batchSize,
    });
  }

  start(): void {
    if (this.task.isStarted) return;
    this.stopping = false;
    this.task.start();
  }

  /** Waits for the mail being sent right now; nothing else is started afterwards. */
  stop(): Promise<void> {
    this.stopping = true; // the round in progress ends after its current mail
    return this.task.stop();
  }

  /** Process soon, e.g. right after a transaction that enqueued a mail committed. */
  kick(): void {
    this.task.kick();
  }

  /**
   * Sends one mail at once and reports the transport's verdict, bypassing the queue (the admin's e-mail
   * test wants to know whether SMTP works). The dev mailbox keeps it in the outbox, where /dev/mails shows it.
   */
  async sendNow(mail: OutgoingMail): Promise<void> {
    if (this.transport.kind === 'devbox') {
      await enqueueMail(this.db, mail);
      this.kick();
      return;
    }
    await this.transport.send(mail);
  }

  /**
   * The mails waiting (counted up to BACKLOG_CAP) and the oldest one's creation time, for the metrics at
   * scrape time (docs/architecture.md#metrics): one statement over the status index that reads at most
   * BACKLOG_CAP rows however long the queue grows. Past the cap the oldest is that of the rows read.
   */
  async backlog(): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
    const pending = this.db
      .select({ createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .limit(BACKLOG_CAP)
      .as('pending');
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${pending.createdAt})`,
      })
      .from(pending);
    return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null };
  }

  /** Sends up to batchSize due mails now; returns how many were sent. */
  async drainOnce(): Promise<number> {
    if (this.now().getTime() >= this.nextPurgeAt) {
      this.nextPurgeAt = this.now().getTime() + PURGE_INTERVAL_MS;
      await this.purgeExpiredSecrets();
    }
    let sent = 0;
    for (let i = 0; i < this.batchSize && !this.stopping; i++) {
      // One mail per claim: a lease then only has to cover one send, not a whole batch.
      const mail = await this.claimNext();
      if (!mail) break;
      if (await this.deliver(mail)) sent++;
    }
    return sent;
  }

  /**
   * Blanks sign-in mails whose code or link has expired, sent or not, in every mode; one that was never
   * sent is given up, as its code would no longer work (docs/decisions/017-input-edge-and-leaks.md).
   */
  async purgeExpiredSecrets(): Promise<number> {
    const rows = await this.db
      .update(mailOutbox)
      .set({
        ...purged,
        status: sql`case when ${mailOutbox.status} = 'pending' then 'failed' else ${mailOutbox.status} end`,
        lastError: sql`case when ${mailOutbox.status} = 'pending' then 'expired before it could be sent' else ${mailOutbox.lastError} end`,
      })
      .where(and(isNotNull(mailOutbox.secretUntil), lte(mailOutbox.secretUntil, this.now())))
      .returning({ id: mailOutbox.id });
    return rows.length;
  }

  private async claimNext() {
    const now = this.now();
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    // attempts is counted at the claim, so a mail that crashes the process still uses up its attempts.
    // `id = (subquery)` runs the subquery once (an InitPlan). With `id in (…)` the planner may rerun it
    // for each row (a nested loop semi join), and one claim then took several mails (seen in PGlite).
    const [row] = await this.db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + this.leaseMs),
      })
      .where(and(sql`${mailOutbox.id} = (${due})`, eq(mailOutbox.status, 'pending')))
      .returning();
    return row;
  }

  private async deliver(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      const attachments = await this.renderedAttachments(row);
      const mail: OutgoingMail = {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? '',
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      };
      await this.transport.send(mail);
    } catch (error) {
      await this.recordFailure(row, error);
      return false;
    }
    // Delivered by SMTP, a sign-in mail's secret is blanked at once; the dev mailbox is this very row,
    // where local sign-ins read the code, so there it waits for the expiry.
    const blank = row.secretUntil !== null && this.transport.kind === 'smtp';
    if (row.eraseAfterSend) await this.erase(row.id);
    else {
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: this.now(), lastError: null, ...(blank ? purged : {}) })
        .where(eq(mailOutbox.id, row.id));
    }
    this.logger.debug({ mailId: row.id, attempts: row.attempts }, 'mail sent');
    return true;
  }

  /** A mail to a deleted account leaves with its last attempt (docs/product/accounts-and-consent.md#account-deletion). */
  private async erase(id: string): Promise<void> {
    await this.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
  }

  /**
   * Deferred attachments are rendered once and written back into the row, so a retry sends exactly the
   * same bytes and the dev mailbox shows their size. A render error counts as a failed attempt.
   */
  private async renderedAttachments(row: typeof mailOutbox.$inferSelect): Promise<MailAttachment[]> {
    if (!row.attachments.some((a) => 'render' in a)) return row.attachments as MailAttachment[];
    const rendered: MailAttachment[] = [];
    for (const attachment of row.attachments) {
      if (!('render' in attachment)) {
        rendered.push(attachment);
        continue;
      }
      if (!this.renderAttachment) throw new Error('no attachment renderer configured');
      const content = await this.renderAttachment(attachment.render);
      rendered.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: content.length,
        contentBase64: content.toString('base64'),
      });
    }
    await this.db.update(mailOutbox).set({ attachments: rendered }).where(eq(mailOutbox.id, row.id));
    return rendered;
  }

  private async recordFailure(row: typeof mailOutbox.$inferSelect, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const exhausted = row.attempts >= this.maxAttempts;
    const nextAttemptAt = new Date(this.now().getTime() + retryDelayMs(row.attempts));
    if (exhausted && row.eraseAfterSend) await this.erase(row.id);
    else {
      await this.db
        .update(mailOutbox)
        .set(exhausted ? { status: 'failed', lastError: message } : { lastError: message, nextAttemptAt })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
    }
    const context = { mailId: row.id, attempts: row.attempts, error: message };
    if (exhausted) this.logger.error(context, 'mail not sent; retries exhausted');
    else this.logger.warn({ ...context, nextAttemptAt }, 'mail not sent; will retry');
  }
}

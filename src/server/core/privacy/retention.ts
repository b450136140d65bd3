import { sql } from 'drizzle-orm';
import { zonedParts } from '@shared/event-rules';
import { INVOICE_RETENTION_YEARS } from '@shared/privacy';
import type { Db } from '../../db/types';

// What has no reason to stay is deleted (docs/product/accounts-and-consent.md#retention). The periods and why
// are in decision 041; each is a constant here and tested on both sides of its boundary.

export const RETENTION = {
  /** a newsletter sign-up whose link was never used, and the form captures */
  unconfirmedNewsletterDays: 30,
  /** subject, status and time of a mail stay; its bodies and attachments go */
  mailBodyDays: 90,
  /** the provider's webhook copies (payer name, e-mail); redeliveries come within 3 days */
  providerEventDays: 90,
  /**
   * a webhook message once sent or given up (its body names buyers): the delivery log and 'Erneut senden' cover
   * 30 days, as Stripe's event log does (docs/product/webhooks.md#retention)
   */
  webhookDeliveryDays: 30,
  /** invoices: full years after the end of the year they were issued in (§ 147 AO, § 14b UStG) */
  invoiceYears: INVOICE_RETENTION_YEARS,
  /**
   * the proof of a withdrawn consent (a revoked consent, an unsubscribed newsletter): the regular limitation
   * period of § 195 BGB, 3 years from the end of the year of withdrawal
   */
  withdrawnConsentYears: 3,
} as const;

/** What a mail body becomes once its retention has passed. */
export const EXPIRED_MAIL_TEXT = '[nach 90 Tagen gelöscht]';

export interface RetentionCounts {
  newsletterSignUps: number;
  newsletterCaptures: number;
  mailBodies: number;
  sessions: number;
  verifications: number;
  rateLimits: number;
  providerEvents: number;
  webhookDeliveries: number;
  invoices: number;
  withdrawnConsents: number;
  unsubscribed: number;
}

/** The calendar year of an instant in Berlin, where the books are kept. */
const berlinYear = (at: Date) => Number(zonedParts(at, 'Europe/Berlin').year);

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function count(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`WITH gone AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * One round of the retention job. Each statement stands alone (a failure leaves the others done), and a
 * second run at the same time deletes nothing more.
 */
export async function applyRetention(db: Db, now: Date): Promise<RetentionCounts> {
  const at = now.toISOString();
  const newsletterCutoff = daysBefore(now, RETENTION.unconfirmedNewsletterDays);
  const mailCutoff = daysBefore(now, RETENTION.mailBodyDays);
  const providerCutoff = daysBefore(now, RETENTION.providerEventDays);
  const webhookCutoff = daysBefore(now, RETENTION.webhookDeliveryDays);
  // kept through the 31 December of issue year + 8 (Berlin), so gone from 1 January of year + 9
  const lastKeptYear = berlinYear(now) - RETENTION.invoiceYears - 1;

  const lastProofYear = berlinYear(now) - RETENTION.withdrawnConsentYears - 1;
  return {
    newsletterSignUps: await count(
      db,
      sql`DELETE FROM newsletter_subscriptions WHERE status = 'pending' AND updated_at <= ${newsletterCutoff}::timestamptz`,
    ),
    newsletterCaptures: await count(
      db,
      sql`DELETE FROM newsletter_captures WHERE created_at <= ${newsletterCutoff}::timestamptz`,
    ),
    mailBodies: await count(
      db,
      sql`UPDATE mail_outbox SET text = ${EXPIRED_MAIL_TEXT}, html = NULL, attachments = '[]'::jsonb
          WHERE status <> 'pending' AND created_at <= ${mailCutoff}::timestamptz AND text <> ${EXPIRED_MAIL_TEXT}`,
    ),
    sessions: await count(db, sql`DELETE FROM session WHERE expires_at <= ${at}::timestamptz`),
    verifications: await count(db, sql`DELETE FROM verification WHERE expires_at <= ${at}::timestamptz`),
    rateLimits: await count(db, sql`DELETE FROM rate_limits WHERE reset_at <= ${at}::timestamptz`),
    providerEvents: await count(
      db,
      sql`DELETE FROM payment_provider_events
          WHERE processed_at IS NOT NULL AND received_at <= ${providerCutoff}::timestamptz`,
    ),
    webhookDeliveries: await count(
      db,
      sql`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at <= ${webhookCutoff}::timestamptz`,
    ),
    withdrawnConsents: await count(
      db,
      sql`DELETE FROM consents WHERE revoked_at IS NOT NULL
          AND extract(year FROM revoked_at AT TIME ZONE 'Europe/Berlin') <= ${lastProofYear}`,
    ),
    unsubscribed: await count(
      db,
      sql`DELETE FROM newsletter_subscriptions WHERE status = 'unsubscribed'
          AND extract(year FROM unsubscribed_at AT TIME ZONE 'Europe/Berlin') <= ${lastProofYear}`,
    ),
    invoices: await count(
      db,
      sql`DELETE FROM invoices
          WHERE extract(year FROM issued_at AT TIME ZONE 'Europe/Berlin') <= ${lastKeptYear}`,
    ),
  };
}

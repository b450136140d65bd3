import { createMailTransport } from './adapters/mail/create-mail-transport';
import { createStorage } from './adapters/storage/create-storage';
import { createSeatFeed } from './adapters/seat-feed/create-seat-feed';
import { SeatEventStreams } from './adapters/seat-feed/seat-event-streams';
import { Metrics } from './adapters/metrics/metrics';
import type { Config } from './config';
import { createAuth } from './core/auth/auth';
import { createAuthMailer } from './core/auth/auth-mailer';
import { PublicEventCache } from './core/events/public-event-cache';
import { SeatChangeNotifier } from './core/events/seat-change-notifier';
import { SettingsStore } from './core/settings/settings-store';
import type { Database } from './db/client';
import type { AppDeps } from './http/context';
import { HoldExpiryJob } from './jobs/hold-expiry-job';
import { OutboxWorker, type AttachmentRenderer } from './jobs/outbox-worker';
import { RefundJob } from './jobs/refund-job';
import { RetentionJob } from './jobs/retention-job';
import { BankTransferJob } from './jobs/bank-transfer-job';
import { EventMailJob } from './jobs/event-mail-job';
import { ReconcileJob } from './jobs/reconcile-job';
import { WebhookWorker } from './jobs/webhook-worker';
import { paymentBacklog } from './core/payments/reconcile-payments';
import { PaymentGateway } from './core/payment-providers/payment-gateway';
import { sendRefunds, type PaymentDeps } from './core/payments/send-refunds';
import { SecretStore } from './core/settings/secret-store';
import { bookingTicketsPdf, singleTicketPdf } from './core/tickets/ticket-files';
import { bookingCalendar } from './core/bookings/booking-calendar';
import type { Logger } from './logger';
import { invoicePdfForMail } from './core/invoices/invoice-files';
import { certificatePdfForMail } from './core/certificates/certificate-files';

export type Services = Omit<AppDeps, 'webRoot' | 'outbox'> & {
  /** Sends what core wrote to the mail outbox; started by main.ts. */
  outbox: OutboxWorker;
  /** Releases expired seat holds (docs/product/booking-and-seats.md#hold-expiry); started by main.ts. */
  holdExpiry: HoldExpiryJob;
  /** Retries refunds the provider has not confirmed yet; started by main.ts. */
  refundJob: RefundJob;
  retention: RetentionJob;
  bankTransfers: BankTransferJob;
  eventMails: EventMailJob;
  /** Asks the provider about payment attempts still open (decision 055); started by main.ts. */
  reconcile: ReconcileJob;
  /** Sends the webhooks core wrote (docs/product/webhooks.md#outbox); started by main.ts. */
  webhooks: WebhookWorker;
};

/** Wires the business services once, for the server and the API tests alike. Jobs are started by main.ts. */
export function createServices(
  config: Config,
  database: Database,
  logger: Logger,
  options: { webRoot?: string; gateway?: PaymentGateway } = {},
): Services {
  const { db } = database;
  // one registry per services instance (decision 032); the outbox backlog is read at scrape time
  const metrics: Metrics = new Metrics({
    pool: database.pool,
    outboxBacklog: () => outbox.backlog(),
    paymentBacklog: () => paymentBacklog(db),
  });
  const settings = new SettingsStore(db);
  const storage = createStorage(config);
  const transport = createMailTransport(config, logger);
  const renderAttachment: AttachmentRenderer = async (render) => {
    const fileDeps = { db, settings, storage, webRoot: options.webRoot };
    if (render.kind === 'ticket-pdf') return singleTicketPdf(fileDeps, render.ticketId);
    if (render.kind === 'certificate-pdf') {
      return certificatePdfForMail({ db, settings, storage, config }, render.certificateId);
    }
    if (render.kind === 'invoice-pdf') {
      return invoicePdfForMail(db, render.invoiceId, (await settings.get()).brand.siteName);
    }
    return render.kind === 'booking-tickets-pdf'
      ? bookingTicketsPdf(fileDeps, render.bookingId)
      : Buffer.from(await bookingCalendar({ db, settings, config }, render.bookingId), 'utf8');
  };
  const outbox = new OutboxWorker({ db, transport, logger, renderAttachment, observer: metrics });
  const secrets = new SecretStore(db, config.appSecret);
  const gateway =
    options.gateway ??
    new PaymentGateway({
      config,
      settings,
      secrets: {
        // A secret that no longer decrypts (APP_SECRET changed) counts as unset, loudly.
        get: (name) =>
          secrets.get(name as Parameters<SecretStore['get']>[0]).catch((error: unknown) => {
            logger.error({ err: error, name }, 'stored secret cannot be decrypted; ignoring it');
            return null;
          }),
      },
    });
  // what the payment use cases take (core/payments/); other domains reach sendRefunds through `payments`
  const paymentDeps: PaymentDeps = { database, gateway, logger, settings, config, outbox, metrics };
  const payments: Services['payments'] = { sendRefunds: (refundIds) => sendRefunds(paymentDeps, refundIds) };
  // the jobs' rounds are use cases too (docs/decisions/050-one-shape-for-use-cases.md)
  const jobDeps = { ...paymentDeps, payments };
  const mailer = createAuthMailer({
    db,
    config,
    settings,
    logger,
    devMailbox: transport.kind === 'devbox',
    kick: () => outbox.kick(),
  });
  const auth = createAuth({ db, secret: config.appSecret, publicUrl: config.publicUrl, mailer });
  const seatFeed = createSeatFeed(database, logger);
  const publicEvents = new PublicEventCache({ db, feed: seatFeed });
  const seatStreams = new SeatEventStreams(seatFeed, config.liveStreams);
  settings.follow(seatFeed); // settings saved by another app instance (settings-store.ts)
  return {
    config,
    database,
    logger,
    settings,
    auth,
    outbox,
    storage,
    gateway,
    payments,
    seatNotifier: new SeatChangeNotifier(db, logger),
    seatFeed,
    seatStreams,
    publicEvents,
    metrics,
    holdExpiry: new HoldExpiryJob({ deps: jobDeps, observer: metrics }),
    refundJob: new RefundJob({ deps: jobDeps, observer: metrics }),
    retention: new RetentionJob({ db, logger, observer: metrics }),
    bankTransfers: new BankTransferJob({ deps: jobDeps, observer: metrics }),
    eventMails: new EventMailJob({ deps: jobDeps, observer: metrics }),
    reconcile: new ReconcileJob({
      deps: jobDeps,
      intervalMs: config.reconcileIntervalSeconds * 1000,
      observer: metrics,
    }),
    webhooks: new WebhookWorker({ deps: { database, config, settings, logger, outbox }, observer: metrics }),
  };
}

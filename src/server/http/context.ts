import type { SessionUser } from '@shared/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RenderPage } from '@shared/server-render';
import type { Logger } from '../logger';
import type { SettingsStore } from '../core/settings/settings-store';
import type { Auth } from '../core/auth/auth';
import type { OutgoingMail } from '../adapters/mail/mail-transport';
import type { FileStorage } from '../adapters/storage/storage';
import type { SeatFeed } from '../adapters/seat-feed/seat-feed';
import type { SeatEventStreams } from '../adapters/seat-feed/seat-event-streams';
import type { Metrics } from '../adapters/metrics/metrics';
import type { PublicEventCache } from '../core/events/public-event-cache';
import type { PaymentGateway } from '../core/payment-providers/payment-gateway';
import type { UseCaseDeps } from '../core/use-case-deps';
import type { SeatChangeNotifier } from '../core/events/seat-change-notifier';
import type { Readiness } from './http-lifecycle';

// The request context of the HTTP layer: what routes, access checks and helpers take from Hono. It imports
// no route and not app.ts, so routes can import it without a cycle (docs/architecture.md, Layers and folders).

/**
 * What routes need of the mail outbox worker (jobs/outbox-worker.ts, wired in services.ts); http does not
 * import jobs/ (docs/architecture.md, Layers and folders).
 */
export interface MailOutbox {
  /** Process soon, e.g. right after a transaction that enqueued a mail committed. */
  kick(): void;
  /** Sends one mail at once and reports the transport's verdict, bypassing the queue. */
  sendNow(mail: OutgoingMail): Promise<void>;
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  settings: SettingsStore;
  auth: Auth;
  outbox: MailOutbox;
  storage: FileStorage;
  /** Live seat counts and event changes (LISTEN/NOTIFY); started by main.ts. */
  seatFeed: SeatFeed;
  /** The open GET /api/events/live streams, capped per client and instance (decision 062). */
  seatStreams: SeatEventStreams;
  /** The visitors' event list and details in memory, dropped on every change the feed reports. */
  publicEvents: PublicEventCache;
  /** The payment providers (docs/architecture.md, Adapters; decision 011). */
  gateway: PaymentGateway;
  /** Sends recorded refunds to the provider (core/payments/send-refunds.ts). */
  payments: UseCaseDeps['payments'];
  /** Seat announcements of the booking hot path, coalesced per event after the commit. */
  seatNotifier: SeatChangeNotifier;
  /** Prometheus metrics of this instance, served at /metrics (docs/architecture.md#metrics). */
  metrics: Metrics;
  /** Due dates and late settlements of transfers; an import wakes it (docs/product/bank-transfer.md#paid). */
  bankTransfers: { kick(): void };
  /** The webhook worker (jobs/webhook-worker.ts): 'Erneut senden' wakes it (docs/product/webhooks.md#resend). */
  webhooks: { kick(): void };
  /** Folder of the built client; omitted in API tests. */
  webRoot?: string;
  /** Loads the client's server renderer (dist/ssr); without it, pages are the plain app shell. */
  pageRenderer?: () => Promise<RenderPage | null>;
  /** Starting, ready or draining, for /api/health/ready (decision 033); set by main.ts, absent: ready. */
  readiness?: Readiness;
}

/** The signed-in session of a request, read once by `currentSession` (access.ts). */
export interface CurrentSession {
  sessionId: string;
  user: SessionUser;
}

export type AppEnv = {
  Variables: { deps: AppDeps; json: unknown; session: CurrentSession | null | undefined };
};

import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { OutgoingMail } from '../adapters/mail/mail-transport';
import type { FileStorage } from '../adapters/storage/storage';
import type { BusinessMetrics } from '../adapters/metrics/business-metrics';
import type { Auth } from './auth/auth';
import type { SeatChangeNotifier } from './events/seat-change-notifier';
import { mailContextFrom, type MailContext } from './mail/templates/mail-context';
import type { PaymentGateway } from './payment-providers/payment-gateway';
import type { SettingsStore } from './settings/settings-store';

/**
 * The services a use case may take beside its input, as services.ts wires them once. A use case is a plain
 * function in core/<domain>/ that takes `(deps: Pick<UseCaseDeps, …>, input)`: it names the services it uses,
 * and owns its work after the commit: it wakes the mail outbox when it wrote mails, sends the refunds it
 * recorded to the provider and announces seat changes. A route hands its request's deps over as they are and
 * a job the services it was given; neither does anything after the call (docs/architecture.md, One shape for
 * a use case; docs/decisions/050-one-shape-for-use-cases.md).
 */
export interface UseCaseDeps {
  database: { db: Db };
  config: Config;
  settings: SettingsStore;
  storage: FileStorage;
  logger: Logger;
  auth: Auth;
  /** The mail outbox worker (jobs/outbox-worker.ts): `kick` after a commit that wrote mails. */
  outbox: { kick(): void; sendNow(mail: OutgoingMail): Promise<void> };
  /** The payment provider in use (Stripe, test or none) and the one a payment was taken with. */
  gateway: PaymentGateway;
  /**
   * core/payments/send-refunds.ts bound to these services, so the domains below or beside payments (tickets,
   * privacy, admin events; docs/decisions/051-layers-inside-core.md) send the refunds they recorded.
   */
  payments: { sendRefunds(refundIds: string[]): Promise<void> };
  /** The bank-transfer job (jobs/bank-transfer-job.ts): `kick` to settle what a statement import left. */
  bankTransfers: { kick(): void };
  /** Seat announcements of the booking hot path, coalesced per event after the commit. */
  seatNotifier: Pick<SeatChangeNotifier, 'touch'>;
  /** Counts bookings, payments and refunds by outcome (docs/architecture.md#metrics); unset counts nothing. */
  metrics?: BusinessMetrics;
}

/** What every mail of a use case is written with: the saved settings over the configuration. */
export async function mailContextOf(deps: Pick<UseCaseDeps, 'settings' | 'config'>): Promise<MailContext> {
  return mailContextFrom(await deps.settings.get(), deps.config);
}

import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { OutgoingMail } from '../adapters/mail/mail-transport';
import type { FileStorage } from '../adapters/storage/storage';
import type { BusinessMetrics } from '../adapters/metrics/business-metrics';
import type { Auth } from './auth/auth';
import type { SeatChangeNotifier } from './events/seat-change-notifier';
import { mailContextFrom, type MailContext } from './mail/templates/mail-context';
import type { PaymentService } from './payments/payment-service';
import type { SettingsStore } from './settings/settings-store';

/**
 * The services a use case may take beside its input, as services.ts wires them once; a route hands its
 * request's deps over as they are. Each use case names the ones it uses (`Pick<UseCaseDeps, …>`) and owns
 * its work after the commit: it wakes the mail outbox when it wrote mails and sends the refunds it
 * recorded to the provider (docs/architecture.md, Background jobs).
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
  /** `sendRefunds` after the commit that recorded them; `config` tells whether a provider takes payments. */
  payments: Pick<PaymentService, 'sendRefunds' | 'config'>;
  /** Seat announcements of the booking hot path, coalesced per event after the commit. */
  seatNotifier: Pick<SeatChangeNotifier, 'touch'>;
  /** Counts bookings, payments and refunds by outcome (docs/architecture.md#metrics); unset counts nothing. */
  metrics?: BusinessMetrics;
}

/** What every mail of a use case is written with: the saved settings over the configuration. */
export async function mailContextOf(deps: Pick<UseCaseDeps, 'settings' | 'config'>): Promise<MailContext> {
  return mailContextFrom(await deps.settings.get(), deps.config);
}

import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { createDevboxTransport } from './devbox-transport';
import type { MailTransport } from './mail-transport';
import { createSmtpTransport } from './smtp-transport';

/**
 * SMTP when SMTP_URL is set, otherwise the dev mailbox (docs/architecture.md, Adapters; decision 016).
 * Callers never branch on the kind.
 */
export function createMailTransport(config: Config, logger: Logger): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createDevboxTransport(logger);
}

import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { createDevboxTransport } from './devbox-transport';
import { createSmtpTransport } from './smtp-transport';

export interface MailAttachmentContent {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachmentContent[];
}

/** Delivers one mail or throws; retries and bookkeeping belong to the outbox worker, not here. */
export interface MailTransport {
  kind: 'smtp' | 'devbox';
  send(mail: OutgoingMail): Promise<void>;
}

/** DESIGN §1: SMTP when SMTP_URL is set, otherwise the dev mailbox. Callers never branch on the kind. */
export function createMailTransport(config: Config, logger: Logger): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createDevboxTransport(logger);
}

import type { Logger } from '../../logger';
import type { MailTransport } from './mail-transport';

/**
 * Without SMTP_URL the mail already sits in mail_outbox, where /api/dev/mails reads it, so "sending" is
 * only a log line. Bodies are not logged: they may hold one-time codes (the auth mailer logs those itself).
 */
export function createDevboxTransport(logger: Logger): MailTransport {
  return {
    kind: 'devbox',
    async send(mail) {
      logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in dev mailbox (/dev/mails)');
    },
  };
}

import nodemailer from 'nodemailer';
import type { MailTransport } from './mail-transport';

export interface SmtpTransportOptions {
  smtpUrl: string;
  from: string;
}

/**
 * nodemailer over SMTP_URL (smtp:// or smtps://, credentials and options in the URL). The timeouts are
 * far below the outbox worker's lease, so a hanging relay fails this attempt instead of outliving the
 * lease and letting another instance send the same mail again.
 */
export function createSmtpTransport({ smtpUrl, from }: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 },
    { from },
  );
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
      });
    },
  };
}

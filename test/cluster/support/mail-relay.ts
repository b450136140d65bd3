import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface Delivery {
  /** The SMTP user the sending instance signed in as: which instance delivered it. */
  sender: string;
  to: string;
  subject: string;
  /**
   * What identifies the outbox row behind the delivery: recipient, subject and the plain-text part as
   * sent. A row keeps its rendered text (jobs/outbox-worker.ts), so a second send of one row gives the same
   * key, while Message-ID, Date and MIME boundaries are new on every send.
   */
  key: string;
  raw: string;
}

export interface MailRelay {
  port: number;
  /** SMTP_URL for one instance: the user name tells its deliveries apart. */
  smtpUrl(sender: string): string;
  deliveries: Delivery[];
  /** The code of the newest sign-in mail to `to` after the first `after` deliveries to that address. */
  waitForCode(to: string, after: number, timeoutMs?: number): Promise<string>;
  /** How many deliveries went to `to` so far. */
  countTo(to: string): number;
  close(): Promise<void>;
}

/** The plain-text part of a multipart mail as sent (still transfer-encoded), up to its boundary. */
function textPart(raw: string): string {
  const marker = raw.search(/^Content-Type: text\/plain/im);
  if (marker < 0) return raw;
  const bodyStart = raw.indexOf('\r\n\r\n', marker) + 4;
  const end = raw.indexOf('\r\n--', bodyStart);
  return raw.slice(bodyStart, end < 0 ? undefined : end);
}

/**
 * One SMTP relay on 127.0.0.1 for all instances, as a real deployment shares one relay. Each instance signs
 * in with its own user name (SMTP_URL `smtp://node-a:…@…`), so every delivery names the instance that sent
 * it; the test then counts deliveries per outbox row across the cluster.
 */
export async function startMailRelay(): Promise<MailRelay> {
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true, // plain SMTP on 127.0.0.1: no STARTTLS to offer
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo[0]?.address ?? '';
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        deliveries.push({
          sender: typeof session.user === 'string' ? session.user : 'anonymous',
          to,
          subject,
          key: `${to}\n${subject}\n${textPart(raw)}`,
          raw,
        });
        callback();
        for (const wake of [...waiters]) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const toAddress = (to: string) => deliveries.filter((delivery) => delivery.to === to);

  return {
    port,
    smtpUrl: (sender) => `smtp://${sender}:relay-secret@127.0.0.1:${port}`,
    deliveries,
    countTo: (to) => toAddress(to).length,
    waitForCode: (to, after, timeoutMs = 30_000) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const fresh = toAddress(to).slice(after);
          // the subject carries the code: 'Dein Anmeldecode: 482913' (core/mail/templates/sign-in-code.ts)
          const codes = fresh.map((delivery) => /Anmeldecode: (\d{6})/.exec(delivery.subject)?.[1]);
          const code = codes.filter(Boolean).pop();
          if (!code) return false;
          stop();
          resolve(code);
          return true;
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no sign-in code mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

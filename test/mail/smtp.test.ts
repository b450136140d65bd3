import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '@server/adapters/mail/create-mail-transport';
import { loadConfig } from '@server/config';
import { signInCodeMail } from '@server/core/mail/templates/sign-in-code';
import { createLogger } from '@server/logger';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-smtp-'));
const context = {
  siteName: 'Wachstumsraum',
  logoUrl: 'https://shop.example.test/logo.png',
  supportEmail: 'hallo@shop.example.test',
  publicUrl: 'https://shop.example.test',
};
// A tiny but well-formed PDF: the attachment must arrive byte for byte.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The body of the MIME part whose headers contain `marker`, up to its boundary. */
function mimePart(raw: string, marker: string): string {
  const start = raw.indexOf(marker);
  expect(start).toBeGreaterThan(-1);
  const bodyStart = raw.indexOf('\r\n\r\n', start) + 4;
  return raw.slice(bodyStart, raw.indexOf('\r\n--', bodyStart));
}

describe('SMTP transport', () => {
  it('is chosen when SMTP_URL is set and delivers a multipart mail with attachment', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Wachstumsraum <tickets@shop.example.test>',
    });
    const transport = createMailTransport(config, createLogger('silent'));
    expect(transport.kind).toBe('smtp');

    const content = signInCodeMail({ context, code: '482913' });
    await transport.send({
      to: 'gast@example.test',
      ...content,
      attachments: [{ filename: 'ticket-A1B2.pdf', contentType: 'application/pdf', content: pdf }],
    });

    expect(received).toHaveLength(1);
    const { raw, to, from } = received[0]!;
    expect(to).toEqual(['gast@example.test']);
    expect(from).toBe('tickets@shop.example.test');
    expect(raw).toMatch(/^To: gast@example\.test$/m);
    expect(raw).toMatch(/^From: Wachstumsraum <tickets@shop\.example\.test>$/m);
    // Pure ASCII, so nodemailer sends the subject unencoded.
    expect(raw).toMatch(/^Subject: Dein Anmeldecode: 482913$/m);
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(raw).toContain('482913');
    expect(raw).toMatch(/filename=("?)ticket-A1B2\.pdf\1/);
    const attachment = mimePart(raw, 'ticket-A1B2.pdf');
    expect(Buffer.from(attachment.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
  });

  it('rejects when the relay is unreachable, so the outbox keeps the mail for a retry', async () => {
    const closed = new SMTPServer({ authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    const transport = createMailTransport(config, createLogger('silent'));
    await expect(
      transport.send({ to: 'gast@example.test', ...signInCodeMail({ context, code: '1' }) }),
    ).rejects.toThrow();
  });
});

describe('dev mailbox transport', () => {
  it('is chosen without SMTP_URL and only logs recipient and subject', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const transport = createMailTransport(loadConfig({ DATA_DIR: dataDir }), logger);
    expect(transport.kind).toBe('devbox');
    await transport.send({ to: 'gast@example.test', ...signInCodeMail({ context, code: '482913' }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      to: 'gast@example.test',
      subject: 'Dein Anmeldecode: 482913',
    });
    expect(JSON.stringify(lines[0])).not.toContain('<html'); // no bodies in the log
  });
});

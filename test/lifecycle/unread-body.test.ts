import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@shared/image-upload';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/auth';
import { answersIn, openRaw, type RawConnection } from '../helpers/raw-socket';

// docs/decisions/046: an answer given before the request's body has arrived (413 over the limit, 401 before an
// upload was read) says `Connection: close` and the server closes the connection after it, so the client's
// next request goes on a new one. Driven over raw sockets against the real app behind @hono/node-server.

let t: TestApp;
let server: ServerType;
let port: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
  ({ cookie } = await signIn(t));
});
afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const JSON_LIMIT = 1024 * 1024;
const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

function head(lines: string[]): string {
  return ['Host: 127.0.0.1', ...lines].join('\r\n') + '\r\n\r\n';
}

/** Sends a request, then once its answer is in, a health check on the same connection if it is still open. */
async function refuseThenAsk(request: Buffer[]): Promise<{ connection: RawConnection; text: string }> {
  const connection = await openRaw(port);
  for (const part of request) connection.socket.write(part);
  await connection.until((text) => /\r\n\r\n\{.*\}$/s.test(text));
  // a client that saw `keep-alive` sends its next request here; with `close` the server must end the connection
  if (!connection.closed()) connection.socket.write(HEALTH);
  const text = await connection.until((received, closed) => closed || answersIn(received).length === 2);
  return { connection, text };
}

function expectClosedAfterRefusal(text: string, closed: boolean, status: number) {
  const answers = answersIn(text);
  expect(answers[0]).toEqual({ status, connection: 'close' });
  // the health check, if the client sent one, was not silently lost: no answer only because it was closed
  expect(closed).toBe(true);
  expect(answers).toHaveLength(1);
}

describe('a JSON body over 1 MB', () => {
  it('by Content-Length: 413 with Connection: close, and the connection is closed', async () => {
    const body = Buffer.alloc(2 * JSON_LIMIT, 'a');
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/auth/code/send HTTP/1.1\r\n' +
          head(['Content-Type: application/json', `Content-Length: ${body.length}`]),
      ),
      body,
    ]);
    expectClosedAfterRefusal(text, connection.closed(), 413);
    expect(text).toContain('"code":"payload_too_large"');
  });

  it('announced but never sent: 413 with Connection: close at once', async () => {
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/auth/code/send HTTP/1.1\r\n' +
          head(['Content-Type: application/json', `Content-Length: ${50 * JSON_LIMIT}`]),
      ),
    ]);
    expectClosedAfterRefusal(text, connection.closed(), 413);
  });

  it('chunked, cut at the limit while streaming: 413 with Connection: close', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const chunks = Array.from({ length: 8 }, () =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
    );
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/auth/code/send HTTP/1.1\r\n' +
          head(['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      ),
      ...chunks,
      Buffer.from('0\r\n\r\n'),
    ]);
    expectClosedAfterRefusal(text, connection.closed(), 413);
  });
});

describe('an upload (multipart) over its own limit', () => {
  const multipart = (bytes: number) => {
    const boundary = 'grenze';
    return {
      boundary,
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        Buffer.alloc(bytes, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };

  it('413 with Connection: close for 11 MB to the profile picture', async () => {
    const { boundary, body } = multipart(IMAGE_MAX_BYTES + 1024 * 1024);
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/profile/images/avatar HTTP/1.1\r\n' +
          head([
            `Cookie: ${cookie}`,
            `Content-Type: multipart/form-data; boundary=${boundary}`,
            `Content-Length: ${body.length}`,
          ]),
      ),
      body,
    ]);
    expectClosedAfterRefusal(text, connection.closed(), 413);
    expect(text).toContain('Maximal 10 MB.'); // latin1: the ß arrives as two characters
  });

  it('401 with Connection: close when the upload is refused before it was read', async () => {
    const { boundary, body } = multipart(2 * 1024 * 1024);
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/profile/images/avatar HTTP/1.1\r\n' +
          head([`Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${body.length}`]),
      ),
      body,
    ]);
    expectClosedAfterRefusal(text, connection.closed(), 401);
  });
});

describe('requests whose body was read', () => {
  it('keep their connection: a second request on it gets its answer', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'kein-konto@example.org', x: 'a'.repeat(500_000) }));
    const { connection, text } = await refuseThenAsk([
      Buffer.from(
        'POST /api/auth/code/send HTTP/1.1\r\n' +
          head(['Content-Type: application/json', `Content-Length: ${body.length}`]),
      ),
      body,
    ]);
    const answers = answersIn(text);
    expect(answers).toHaveLength(2);
    expect(answers[0]!.connection).toBe('keep-alive');
    expect(answers[1]).toEqual({ status: 200, connection: 'keep-alive' });
    expect(connection.closed()).toBe(false);
    connection.socket.destroy();
  });
});

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a door lets one instance's calls through to the payment provider:
 * - `pass`: forwarded, answered;
 * - `wait`: held before the provider sees them, until `pass()`;
 * - `withhold-refund-answers`: a new refund (POST /v1/refunds) reaches the provider, which makes it, but its
 *   answer never comes back: the moment between the provider's refund and the app recording it.
 */
export type DoorMode = 'pass' | 'wait' | 'withhold-refund-answers';

export interface ProviderDoor {
  /** STRIPE_API_BASE for the instance behind this door. */
  url: string;
  mode: DoorMode;
  /** Calls that reached the provider through this door. */
  calls: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** Idempotency keys of the refunds whose answer this door withheld. */
  withheld: string[];
  /** Resolves once a refund answer is withheld. */
  waitForWithheld(timeoutMs?: number): Promise<string>;
  /** Switches to `pass` and lets the waiting calls go on. */
  pass(): void;
}

export interface ProviderDoors {
  doors: ProviderDoor[];
  close(): Promise<void>;
}

/**
 * One small HTTP forwarder per instance in front of the one fake provider (test/helpers/fake-stripe.ts), so
 * the test sees which instance made which provider call and can stop an instance's calls at a chosen point.
 */
export async function startProviderDoors(target: string, count: number): Promise<ProviderDoors> {
  const targetUrl = new URL(target);
  const servers: http.Server[] = [];
  const doors: ProviderDoor[] = [];
  for (let i = 0; i < count; i++) {
    let release: () => void = () => undefined;
    let released = new Promise<void>((resolve) => (release = resolve));
    const withheldWaiters = new Set<(key: string) => void>();
    const door: ProviderDoor = {
      url: '',
      mode: 'pass',
      calls: [],
      withheld: [],
      waitForWithheld: (timeoutMs = 60_000) =>
        new Promise<string>((resolve, reject) => {
          if (door.withheld.length > 0) return resolve(door.withheld[0]!);
          const timer = setTimeout(() => {
            withheldWaiters.delete(done);
            reject(new Error(`no refund answer withheld within ${timeoutMs} ms`));
          }, timeoutMs);
          const done = (key: string) => {
            clearTimeout(timer);
            withheldWaiters.delete(done);
            resolve(key);
          };
          withheldWaiters.add(done);
        }),
      pass: () => {
        door.mode = 'pass';
        release();
        released = new Promise<void>((resolve) => (release = resolve));
      },
    };
    const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        if (door.mode === 'wait') await released;
        const key = req.headers['idempotency-key'] as string | undefined;
        const newRefund = req.method === 'POST' && req.url?.split('?')[0] === '/v1/refunds';
        const withhold = door.mode === 'withhold-refund-answers' && newRefund;
        door.calls.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey: key });
        const upstream = http.request(
          {
            host: targetUrl.hostname,
            port: targetUrl.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: targetUrl.host },
          },
          (answer) => {
            const body: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => body.push(chunk));
            answer.on('end', () => {
              if (withhold) {
                // the provider made the refund; the instance never hears of it
                door.withheld.push(key ?? '');
                for (const wake of [...withheldWaiters]) wake(key ?? '');
                return;
              }
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            });
          },
        );
        upstream.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        upstream.end(Buffer.concat(chunks));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    door.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.push(server);
    doors.push(door);
  }
  return {
    doors,
    close: async () => {
      for (const door of doors) door.pass();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

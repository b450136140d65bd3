import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers a request: a status (and headers), or nothing at all (hang until closed). */
export type ReceiverAnswer = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A local HTTP receiver of webhooks for the tests (docs/product/webhooks.md#retries): it records each request
 * and answers what `answer` says (200 unless told otherwise).
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({ status: 200 }),
) {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const verdict = answer(request, received.length - 1);
      if (verdict === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(verdict.status, verdict.headers);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    setAnswer(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

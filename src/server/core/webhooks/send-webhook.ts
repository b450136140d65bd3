import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** What one attempt came to: the status code when the endpoint answered, else only the error. */
export interface WebhookAttemptResult {
  ok: boolean;
  statusCode: number | null;
  /** German reason of a failure, for the delivery log. */
  error: string | null;
}

/** How long an attempt may take in all: connect, send, answer (docs/product/webhooks.md#retries). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Most bytes of an answer read; the rest is dropped (a receiver's body is not kept). */
const MAX_ANSWER_BYTES = 4096;

/**
 * POSTs one signed body to `url`, connecting to `address` only (resolved and checked before; the name is kept
 * for the Host header and TLS), so a second DNS answer cannot redirect the request (docs/product/webhooks.md#ssrf).
 * 2xx is success; a redirect is not followed and counts as a failure, as does any other status, a timeout
 * (`timeoutMs` for the whole attempt) or a broken connection (docs/product/webhooks.md#retries).
 */
export function postWebhook(input: {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}): Promise<WebhookAttemptResult> {
  const { url, address, family, body } = input;
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // net.connect asks with `all: true` when it may try several families (Node 20's autoSelectFamily)
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Wachstumsraum-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => finish(verdict(status, response.headers.location));
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `Keine Antwort innerhalb von ${timeoutMs / 1000} s.` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        statusCode: null,
        error: `Verbindung fehlgeschlagen (${error.code ?? error.message}).`,
      }),
    );
    request.end(body);
  });
}

function verdict(status: number, location: string | undefined): WebhookAttemptResult {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null };
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      statusCode: status,
      error: `Weiterleitung${location ? ` nach ${location.slice(0, 200)}` : ''} wird nicht verfolgt.`,
    };
  }
  return { ok: false, statusCode: status, error: `Der Empfänger antwortete mit Status ${status}.` };
}

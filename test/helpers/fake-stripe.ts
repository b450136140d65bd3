import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local Stripe-compatible HTTP server for the parts of the API the shop uses (PaymentIntents, Refunds),
// driven through the real `stripe` SDK via STRIPE_API_BASE (docs/architecture.md#adapters). It keeps Stripe's
// semantics that matter for correctness: idempotency keys return the first answer, amounts are integers in
// minor units, objects are re-fetchable by id, and it signs webhook events the way Stripe does.

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  description: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  /** Stripe's reason code as sent ('duplicate', 'requested_by_customer', …), null when none was. */
  reason?: string | null;
  metadata: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** The next n refund creations answer 500 (a provider outage). */
  failRefunds = 0;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  private readonly idempotent = new Map<string, unknown>();
  private server: Server | undefined;
  private readonly signer = new Stripe('sk_test_signer');
  url = '';

  /** The environment that points a test app's Stripe adapter at this server (after `start()`). */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.url,
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
          res.end(JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: String(error), type: 'api_error' } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** What the buyer's card does in the Payment Element. */
  succeed(intentId: string) {
    this.intents.get(intentId)!.status = 'succeeded';
  }
  decline(intentId: string, message = 'Your card was declined.') {
    const intent = this.intents.get(intentId)!;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { message };
  }

  /** A webhook delivery as Stripe sends it: JSON body plus the Stripe-Signature header. */
  event(type: string, object: FakeIntent | FakeRefund, eventId = id('evt')) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2026-10-28',
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return { payload, signature, eventId };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } } };
    }
    if (req.method === 'POST' && key && this.idempotent.has(`${url.pathname}|${key}`)) {
      return { status: 200, body: this.idempotent.get(`${url.pathname}|${key}`) };
    }
    const remember = (body: unknown) => {
      if (key) this.idempotent.set(`${url.pathname}|${key}`, body);
      return { status: 200, body };
    };
    const metadata = (): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [k, v] of form) {
        const match = /^metadata\[(.+)\]$/.exec(k);
        if (match) out[match[1]!] = v;
      }
      return out;
    };
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', 'payment_intents', id?]
    if (parts[1] === 'payment_intents') {
      if (req.method === 'POST' && parts.length === 2) {
        const amount = Number(form.get('amount'));
        if (!Number.isInteger(amount) || amount < 50) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: 'bad amount' } } };
        }
        const intentId = id('pi');
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          currency: form.get('currency') ?? 'eur',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: metadata(),
          last_payment_error: null,
          description: form.get('description'),
        };
        this.intents.set(intentId, intent);
        return remember(intent);
      }
      const intent = this.intents.get(parts[2] ?? '');
      if (req.method === 'GET' && intent) return { status: 200, body: intent };
    }
    if (parts[1] === 'refunds') {
      if (req.method === 'POST' && parts.length === 2) {
        if (this.failRefunds > 0) {
          this.failRefunds--;
          return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
        }
        const intent = this.intents.get(form.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'not refundable' } },
          };
        }
        const already = [...this.refunds.values()]
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = Number(form.get('amount') ?? intent.amount - already);
        if (amount + already > intent.amount) {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'exceeds charge' } },
          };
        }
        const refund: FakeRefund = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          reason: form.get('reason'),
          metadata: metadata(),
        };
        this.refunds.set(refund.id, refund);
        return remember(refund);
      }
      if (req.method === 'GET' && parts.length === 2) {
        const intentId = url.searchParams.get('payment_intent');
        const data = [...this.refunds.values()].filter((r) => r.payment_intent === intentId);
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      }
      const refund = this.refunds.get(parts[2] ?? '');
      if (req.method === 'GET' && refund) return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such resource' } } };
  }
}

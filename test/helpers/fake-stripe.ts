import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local Stripe-compatible HTTP server for the parts of the API the shop uses (PaymentIntents, Refunds,
// Disputes), driven through the real `stripe` SDK via STRIPE_API_BASE (docs/architecture.md#adapters). It keeps
// Stripe's semantics that matter for correctness: idempotency keys return the first answer, amounts are
// integers in minor units, objects are re-fetchable by id (an intent with its latest charge when expanded), and
// it signs webhook events the way Stripe does.
//
// It simulates each payment method the shop offers (decision 055, docs/product/payments.md#methods):
// card (and 3-D Secure: requires_action, then succeeded), Apple Pay / Google Pay (a card with a wallet),
// PayPal and Klarna (requires_action with a redirect that carries the return URL; `approve` succeeds), SEPA
// debit (processing; succeeded, failed or disputed when the test moves its clock), refunds that fail
// (refund.failed), and an outage. Every change it makes records the webhook event Stripe would send in
// `outbox`; the test decides whether to deliver it, twice, out of order, or never.

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  disputed: boolean;
  payment_method_details: { type: string; card?: { wallet: { type: string } | null } };
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: string;
  reason: string;
  balance_transactions: { id: string; object: 'balance_transaction'; amount: number; fee: number }[];
}

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
  /**
   * The method types the shop allowed (allowed_payment_method_types, in the API version the SDK pins; the older
   * payment_method_types is taken too); never automatic_payment_methods, see below.
   */
  payment_method_types?: string[];
  allowed_payment_method_types?: string[];
  /** Set when a request asked for automatic_payment_methods (the shop must not). */
  automatic_payment_methods?: { enabled: boolean } | null;
  /** The id of the latest charge (expanded to the charge when asked). */
  latest_charge?: string | null;
  next_action?:
    | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }
    | { type: 'use_stripe_sdk'; use_stripe_sdk: { type: 'three_d_secure_redirect' } }
    | null;
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
  failure_reason?: string;
}

/** A webhook event Stripe would have sent, in the order it happened. */
export interface FakeEvent {
  id: string;
  type: string;
  object: FakeIntent | FakeRefund | FakeDispute;
}

/** How a SEPA debit ends, and when (ms on the fake's clock after `sepaDebit`). */
export interface DebitPlan {
  outcome: 'succeeded' | 'failed' | 'disputed';
  afterMs: number;
  /** For 'disputed': how long after success the debit comes back; default one day. */
  disputeAfterMs?: number;
  /** For 'disputed': Stripe's fee, in cents; default 1500. */
  feeCents?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_MS = 24 * 60 * 60_000;

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly charges = new Map<string, FakeCharge>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** Every event Stripe would have sent, oldest first; `takeEvents()` empties it. */
  readonly outbox: FakeEvent[] = [];
  /** The next n refund creations answer 500 (a provider outage). */
  failRefunds = 0;
  /** The next n PaymentIntent creations answer 500 (Stripe down while a payment starts). */
  failIntents = 0;
  /** The next n reads of a PaymentIntent answer 500 (Stripe down while we ask). */
  failRetrieves = 0;
  /**
   * What a new refund is at first: 'succeeded' (a card refund), or 'pending' (it may still fail later, as a
   * refund to a closed account does: `failRefund`).
   */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  /** The fake's clock for SEPA debits (ms); `advance` moves it. */
  clock = Date.now();
  private readonly planned: {
    at: number;
    intentId: string;
    step: 'succeed' | 'fail' | 'dispute';
    feeCents: number;
  }[] = [];
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

  // ——— what the buyer does in the Payment Element ———

  /** The buyer pays by card (or, with `wallet`, Apple Pay / Google Pay, which Stripe reports as a card). */
  succeed(intentId: string, wallet?: 'apple_pay' | 'google_pay') {
    this.charge(intentId, 'card', 'succeeded', wallet);
    this.setStatus(intentId, 'succeeded', 'payment_intent.succeeded');
  }

  decline(intentId: string, message = 'Your card was declined.') {
    const intent = this.intent(intentId);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { message };
    this.record('payment_intent.payment_failed', intent);
  }

  /** A card that asks for 3-D Secure: requires_action until `approve` (or `decline`). */
  requireThreeDSecure(intentId: string) {
    const intent = this.intent(intentId);
    intent.status = 'requires_action';
    intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    this.record('payment_intent.requires_action', intent);
  }

  /**
   * PayPal or Klarna: the buyer is sent to the provider's page; the redirect carries the shop's return URL
   * (with its booking). Until `approve` the intent requires action.
   */
  redirect(intentId: string, method: 'paypal' | 'klarna', returnUrl: string) {
    const intent = this.intent(intentId);
    intent.status = 'requires_action';
    const url = `${this.url}/redirect/${method}/${intentId}?return_url=${encodeURIComponent(returnUrl)}`;
    intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
    intent.metadata.fakeMethod = method;
    this.record('payment_intent.requires_action', intent);
  }

  /** The buyer approved at PayPal / Klarna, or passed 3-D Secure: the payment succeeds with that method. */
  approve(intentId: string) {
    const intent = this.intent(intentId);
    const action = intent.next_action;
    if (intent.status !== 'requires_action' || !action) throw new Error(`${intentId} requires no action`);
    const method = action.type === 'redirect_to_url' ? (intent.metadata.fakeMethod ?? 'paypal') : 'card';
    this.charge(intentId, method, 'succeeded');
    intent.next_action = null;
    this.setStatus(intentId, 'succeeded', 'payment_intent.succeeded');
  }

  /**
   * A SEPA debit: the mandate is given, the intent is processing; its end is planned on the fake's clock and
   * happens when the test calls `advance` past it (or at once with `settleDebit`).
   */
  sepaDebit(intentId: string, plan: DebitPlan = { outcome: 'succeeded', afterMs: 3 * DAY_MS }) {
    this.charge(intentId, 'sepa_debit', 'pending');
    this.setStatus(intentId, 'processing', 'payment_intent.processing');
    const at = this.clock + plan.afterMs;
    const feeCents = plan.feeCents ?? 1500;
    if (plan.outcome === 'failed') this.planned.push({ at, intentId, step: 'fail', feeCents });
    else {
      this.planned.push({ at, intentId, step: 'succeed', feeCents });
      if (plan.outcome === 'disputed') {
        this.planned.push({ at: at + (plan.disputeAfterMs ?? DAY_MS), intentId, step: 'dispute', feeCents });
      }
    }
  }

  /** Moves the fake's clock; the SEPA debits due by then end (and record their events). */
  advance(ms: number) {
    this.clock += ms;
    const due = this.planned.filter((p) => p.at <= this.clock).sort((a, b) => a.at - b.at);
    for (const step of due) {
      this.planned.splice(this.planned.indexOf(step), 1);
      if (step.step === 'succeed') this.settleDebit(step.intentId, 'succeeded');
      else if (step.step === 'fail') this.settleDebit(step.intentId, 'failed');
      else this.dispute(step.intentId, { feeCents: step.feeCents });
    }
  }

  /** The bank's verdict on a processing SEPA debit, now. */
  settleDebit(intentId: string, outcome: 'succeeded' | 'failed') {
    const intent = this.intent(intentId);
    const charge = this.charges.get(intent.latest_charge ?? '');
    if (charge) charge.status = outcome;
    if (outcome === 'succeeded') this.setStatus(intentId, 'succeeded', 'payment_intent.succeeded');
    else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message: 'The customer’s bank account could not be debited.' };
      this.record('payment_intent.payment_failed', intent);
    }
  }

  /**
   * A dispute on the intent's charge, or a SEPA debit the buyer's bank returned: the funds are withdrawn at
   * once with Stripe's fee (charge.dispute.created, charge.dispute.funds_withdrawn).
   */
  dispute(intentId: string, options: { feeCents?: number; status?: string } = {}) {
    const intent = this.intent(intentId);
    const charge = this.charges.get(intent.latest_charge ?? '');
    if (!charge) throw new Error(`${intentId} has no charge to dispute`);
    charge.disputed = true;
    const dispute: FakeDispute = {
      id: id('dp'),
      object: 'dispute',
      amount: charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intentId,
      status: options.status ?? 'needs_response',
      reason: charge.payment_method_details.type === 'sepa_debit' ? 'debit_not_authorized' : 'fraudulent',
      balance_transactions: [
        {
          id: id('txn'),
          object: 'balance_transaction',
          amount: -charge.amount,
          fee: options.feeCents ?? 1500,
        },
      ],
    };
    this.disputes.set(dispute.id, dispute);
    this.record('charge.dispute.created', dispute);
    this.record('charge.dispute.funds_withdrawn', dispute);
    return dispute;
  }

  /** A refund that did not reach the buyer (closed account): failed, with refund.failed. */
  failRefund(refundId: string, reason = 'expired_or_canceled_card') {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = 'failed';
    refund.failure_reason = reason;
    this.record('refund.failed', refund);
    this.record('refund.updated', refund);
  }

  /** A pending refund that went through. */
  completeRefund(refundId: string) {
    const refund = this.refunds.get(refundId)!;
    refund.status = 'succeeded';
    this.record('refund.updated', refund);
  }

  /** The events recorded since the last call, signed as Stripe delivers them, oldest first. */
  takeEvents(filter?: (event: FakeEvent) => boolean): ReturnType<FakeStripe['event']>[] {
    const taken = this.outbox.splice(0, this.outbox.length);
    return taken.filter((e) => !filter || filter(e)).map((e) => this.event(e.type, e.object, e.id));
  }

  /** A webhook delivery as Stripe sends it: JSON body plus the Stripe-Signature header. */
  event(type: string, object: FakeIntent | FakeRefund | FakeDispute, eventId = id('evt')) {
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
    return { payload, signature, eventId, type };
  }

  private intent(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  }

  private setStatus(intentId: string, status: string, eventType: string) {
    const intent = this.intent(intentId);
    intent.status = status;
    intent.last_payment_error = null;
    this.record(eventType, intent);
  }

  private charge(intentId: string, type: string, status: FakeCharge['status'], wallet?: string) {
    const intent = this.intent(intentId);
    const charge: FakeCharge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intentId,
      status,
      disputed: false,
      payment_method_details:
        type === 'card' ? { type, card: { wallet: wallet ? { type: wallet } : null } } : { type },
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  private record(type: string, object: FakeIntent | FakeRefund | FakeDispute) {
    // a copy: the event carries the object as it was then (a stale copy when delivered late)
    this.outbox.push({ id: id('evt'), type, object: structuredClone(object) });
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
    const prefixed = (prefix: string): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [k, v] of form) {
        const match = new RegExp(`^${prefix}\\[(.+)\\]$`).exec(k);
        if (match) out[match[1]!] = v;
      }
      return out;
    };
    const listOf = (name: string) =>
      [...form.entries()].filter(([k]) => k === name || k.startsWith(`${name}[`)).map(([, v]) => v);
    const expanded = [...url.searchParams.entries()]
      .filter(([k]) => k === 'expand' || k.startsWith('expand['))
      .map(([, v]) => v);
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', 'payment_intents', id?]
    const invalid = (message: string) => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message } },
    });
    if (parts[1] === 'payment_intents') {
      if (req.method === 'POST' && parts.length === 2) {
        if (this.failIntents > 0) {
          this.failIntents--;
          return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
        }
        const amount = Number(form.get('amount'));
        if (!Number.isInteger(amount) || amount < 50) return invalid('bad amount');
        const types = [...listOf('allowed_payment_method_types'), ...listOf('payment_method_types')];
        const automatic = form.get('automatic_payment_methods[enabled]');
        if (types.length > 0 && automatic) {
          return invalid(
            'You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.',
          );
        }
        const intentId = id('pi');
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          currency: form.get('currency') ?? 'eur',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: prefixed('metadata'),
          last_payment_error: null,
          description: form.get('description'),
          payment_method_types: types.length > 0 ? types : ['card'],
          allowed_payment_method_types: types,
          automatic_payment_methods: automatic ? { enabled: automatic === 'true' } : null,
          latest_charge: null,
          next_action: null,
        };
        this.intents.set(intentId, intent);
        return remember(intent);
      }
      const intent = this.intents.get(parts[2] ?? '');
      if (req.method === 'POST' && intent && parts[3] === 'confirm') {
        // a server-side confirmation with a payment method type, as the Payment Element does in the browser
        const type = form.get('payment_method_data[type]') ?? 'card';
        if (!(intent.payment_method_types ?? ['card']).includes(type)) {
          return invalid(`The payment method type "${type}" is not allowed for this PaymentIntent.`);
        }
        const returnUrl = form.get('return_url') ?? '';
        if (type === 'paypal' || type === 'klarna') this.redirect(intent.id, type, returnUrl);
        else if (type === 'sepa_debit') this.sepaDebit(intent.id);
        else this.succeed(intent.id);
        return remember(intent);
      }
      if (req.method === 'GET' && intent) {
        if (this.failRetrieves > 0) {
          this.failRetrieves--;
          return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
        }
        const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
        const body =
          expanded.includes('latest_charge') && charge ? { ...intent, latest_charge: charge } : intent;
        return { status: 200, body };
      }
    }
    if (parts[1] === 'disputes' && req.method === 'GET' && parts.length === 2) {
      const intentId = url.searchParams.get('payment_intent');
      const data = [...this.disputes.values()].filter((d) => !intentId || d.payment_intent === intentId);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/disputes' } };
    }
    if (parts[1] === 'refunds') {
      if (req.method === 'POST' && parts.length === 2) {
        if (this.failRefunds > 0) {
          this.failRefunds--;
          return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
        }
        const intent = this.intents.get(form.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') return invalid('not refundable');
        // a failed refund gave its money back to the balance: it does not count
        const already = [...this.refunds.values()]
          .filter((r) => r.payment_intent === intent.id && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = Number(form.get('amount') ?? intent.amount - already);
        if (amount + already > intent.amount) return invalid('exceeds charge');
        const refund: FakeRefund = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: this.refundStatus,
          reason: form.get('reason'),
          metadata: prefixed('metadata'),
        };
        this.refunds.set(refund.id, refund);
        this.record('refund.created', refund);
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

import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import {
  BOOKING_OUTCOMES,
  PAYMENT_OUTCOMES,
  REFUND_OUTCOMES,
  type BookingOutcome,
  type BusinessMetrics,
  type PaymentOutcome,
  type RefundOutcome,
} from './business-metrics';

/** What a node-postgres pool tells about itself (pg.Pool), read at scrape time. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
}

/** The mail outbox's pending mails, counted up to a cap, and the oldest one's creation time. */
export interface OutboxBacklog {
  pending: number;
  oldestCreatedAt: Date | null;
}

/** Payment attempts and refunds that need attention, read at scrape time (core/payments/reconcile-payments.ts). */
export interface PaymentBacklog {
  /** Online attempts still pending or processing an hour after they started, by state. */
  openOverHour: { pending: number; processing: number };
  /** Refunds that failed and wait for an admin. */
  refundsFailed: number;
}

export interface MetricsOptions {
  /** The node-postgres pool; unset on PGlite, which has one connection and nothing to wait for. */
  pool?: PoolStats;
  /** One bounded query at scrape time (jobs/outbox-worker.ts). */
  outboxBacklog?: () => Promise<OutboxBacklog>;
  /** One bounded query at scrape time (decision 055): open attempts and failed refunds. */
  paymentBacklog?: () => Promise<PaymentBacklog>;
  /** Longest wait for the database at scrape time; then the scrape answers without it. Default 2 s. */
  collectTimeoutMs?: number;
  now?: () => number;
}

const PREFIX = 'ticketshop_';
/** 5 ms … 10 s: a cached GET takes a few ms, a booking tens, a database that does not answer seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one app instance (docs/architecture.md#metrics, decision 032), in a registry of
 * its own, never prom-client's global one: the API tests create many apps in one process. Requests add to
 * plain numbers per series and business counters move as things happen; the pool, the outbox backlog and
 * the job lag are read when `/metrics` is scraped. A failed read leaves its gauges NaN, counts
 * `ticketshop_metrics_collect_errors_total` and the scrape still answers.
 */
export class Metrics implements BusinessMetrics {
  readonly registry = new Registry();
  private readonly options: MetricsOptions;
  private readonly now: () => number;
  private readonly startedAt: number;
  private processMetrics = false;

  /** Per method, status and route; read into the request counter and histogram at scrape time. */
  private readonly requestSeries = new Map<string, RequestSeries>();
  private readonly jobRuns: Counter<'job'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly jobLag: Gauge<'job'>;
  private readonly lastSuccess = new Map<string, number>();
  private readonly bookings: Counter<'outcome'>;
  private readonly payments: Counter<'outcome'>;
  private readonly refunds: Counter<'outcome'>;
  private readonly poolInUse?: Gauge;
  private readonly poolIdle?: Gauge;
  private readonly poolWaiting?: Gauge;
  private readonly poolMax: Gauge;
  private readonly outboxPending?: Gauge;
  private readonly outboxOldestAge?: Gauge;
  private readonly attemptsOpen?: Gauge<'state'>;
  private readonly refundsFailed?: Gauge;
  private readonly collectErrors: Counter<'collector'>;

  constructor(options: MetricsOptions = {}) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    const registers = [this.registry];
    const series = this.requestSeries;
    new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'HTTP requests by method, matched route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const { labels, count } of series.values()) this.inc(labels, count);
      },
    });
    this.registry.registerMetric(
      requestHistogram(
        `${PREFIX}http_request_duration_seconds`,
        'HTTP request duration until the response is ready, by method, route pattern and status.',
        series,
      ),
    );
    this.jobRuns = new Counter({
      name: `${PREFIX}job_runs_total`,
      help: 'Rounds of a background job, failed ones included.',
      labelNames: ['job'],
      registers,
    });
    this.jobFailures = new Counter({
      name: `${PREFIX}job_failures_total`,
      help: 'Rounds of a background job that failed (logged; the next round tries again).',
      labelNames: ['job'],
      registers,
    });
    this.jobLag = new Gauge({
      name: `${PREFIX}job_lag_seconds`,
      help: 'Seconds since the last successful round of a background job (since its start while none succeeded).',
      labelNames: ['job'],
      registers,
    });
    this.bookings = outcomeCounter('bookings_total', 'Bookings by outcome.', BOOKING_OUTCOMES, registers);
    this.payments = outcomeCounter(
      'payments_total',
      'Payments settled, by outcome.',
      PAYMENT_OUTCOMES,
      registers,
    );
    this.refunds = outcomeCounter(
      'refunds_total',
      'Refund attempts sent to the provider, by outcome.',
      REFUND_OUTCOMES,
      registers,
    );
    this.poolMax = new Gauge({
      name: `${PREFIX}db_pool_connections_max`,
      help: 'Most connections the database pool opens (1 on the embedded database).',
      registers,
    });
    this.poolMax.set(options.pool ? (options.pool.options.max ?? 10) : 1);
    if (options.pool) {
      this.poolInUse = new Gauge({
        name: `${PREFIX}db_pool_connections_in_use`,
        help: 'Pool connections checked out by a query or transaction.',
        registers,
      });
      this.poolIdle = new Gauge({
        name: `${PREFIX}db_pool_connections_idle`,
        help: 'Open pool connections that are idle.',
        registers,
      });
      this.poolWaiting = new Gauge({
        name: `${PREFIX}db_pool_waiting_clients`,
        help: 'Queries and transactions waiting for a pool connection.',
        registers,
      });
    }
    if (options.outboxBacklog) {
      this.outboxPending = new Gauge({
        name: `${PREFIX}mail_outbox_pending`,
        help: 'Mails waiting in the outbox (counted up to 10000).',
        registers,
      });
      this.outboxOldestAge = new Gauge({
        name: `${PREFIX}mail_outbox_oldest_pending_age_seconds`,
        help: 'Age of the oldest mail waiting in the outbox; 0 when none waits.',
        registers,
      });
    }
    if (options.paymentBacklog) {
      this.attemptsOpen = new Gauge({
        name: `${PREFIX}payment_attempts_open_over_1h`,
        help: 'Online payment attempts still pending or processing an hour after they started, by state.',
        labelNames: ['state'],
        registers,
      });
      this.refundsFailed = new Gauge({
        name: `${PREFIX}refunds_failed`,
        help: "Refunds that failed and wait for an admin ('Erneut versuchen').",
        registers,
      });
    }
    this.collectErrors = new Counter({
      name: `${PREFIX}metrics_collect_errors_total`,
      help: 'Scrapes in which a collector did not answer in time (its gauges are NaN then).',
      labelNames: ['collector'],
      registers,
    });
  }

  /** One answered request; `route` is the matched pattern, never the raw path (http/request-metrics.ts). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    // plain numbers per series: prom-client's label children hash their labels on every call (decision 032)
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { labels, count: 0, sum: 0, buckets: new Array<number>(REQUEST_BUCKETS.length).fill(0) };
      this.requestSeries.set(key, series);
    }
    series.count++;
    series.sum += seconds;
    const bucket = REQUEST_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) series.buckets[bucket]!++;
  }

  /** JobObserver (jobs/periodic-task.ts): the lag of a started job counts from its start. */
  jobStarted(job: string): void {
    const label = jobLabel(job);
    if (!this.lastSuccess.has(label)) this.lastSuccess.set(label, this.now());
  }

  /** JobObserver (jobs/periodic-task.ts): a round ended. */
  roundEnded(job: string, failed: boolean): void {
    const label = jobLabel(job);
    this.jobRuns.inc({ job: label });
    if (failed) {
      this.jobFailures.inc({ job: label });
      if (!this.lastSuccess.has(label)) this.lastSuccess.set(label, this.startedAt);
    } else {
      this.jobFailures.inc({ job: label }, 0); // present at 0 from the first round on
      this.lastSuccess.set(label, this.now());
    }
  }

  booking(outcome: BookingOutcome, count = 1): void {
    if (count > 0) this.bookings.inc({ outcome }, count);
  }

  payment(outcome: PaymentOutcome): void {
    this.payments.inc({ outcome });
  }

  refund(outcome: RefundOutcome): void {
    this.refunds.inc({ outcome });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition; reads the pool, the outbox and the job lag first. Never throws for a collector. */
  async exposition(): Promise<string> {
    if (!this.processMetrics) {
      // process_* and nodejs_* (CPU, memory, event loop lag, GC); registered at the first scrape, so the
      // many apps of a test run that nobody scrapes start no monitors
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    const now = this.now();
    for (const [job, at] of this.lastSuccess) this.jobLag.set({ job }, Math.max(0, (now - at) / 1000));
    const { pool } = this.options;
    if (pool) {
      this.poolInUse!.set(pool.totalCount - pool.idleCount);
      this.poolIdle!.set(pool.idleCount);
      this.poolWaiting!.set(pool.waitingCount);
    }
    await this.collectOutbox(now);
    await this.collectPayments();
    return this.registry.metrics();
  }

  private async collectPayments(): Promise<void> {
    const read = this.options.paymentBacklog;
    if (!read) return;
    try {
      const backlog = await withTimeout(read(), this.options.collectTimeoutMs ?? 2000);
      this.attemptsOpen!.set({ state: 'pending' }, backlog.openOverHour.pending);
      this.attemptsOpen!.set({ state: 'processing' }, backlog.openOverHour.processing);
      this.refundsFailed!.set(backlog.refundsFailed);
    } catch {
      this.attemptsOpen!.set({ state: 'pending' }, Number.NaN);
      this.attemptsOpen!.set({ state: 'processing' }, Number.NaN);
      this.refundsFailed!.set(Number.NaN);
      this.collectErrors.inc({ collector: 'payments' });
    }
  }

  private async collectOutbox(now: number): Promise<void> {
    const read = this.options.outboxBacklog;
    if (!read) return;
    try {
      const backlog = await withTimeout(read(), this.options.collectTimeoutMs ?? 2000);
      this.outboxPending!.set(backlog.pending);
      const oldest = backlog.oldestCreatedAt?.getTime();
      this.outboxOldestAge!.set(oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000));
    } catch {
      this.outboxPending!.set(Number.NaN);
      this.outboxOldestAge!.set(Number.NaN);
      this.collectErrors.inc({ collector: 'mail_outbox' });
    }
  }
}

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  /** Seconds, summed. */
  sum: number;
  /** Per bound of REQUEST_BUCKETS, not cumulative; above the last bound only `count` counts. */
  buckets: number[];
}

/**
 * The request duration histogram, read from the series at scrape time in prom-client's histogram format
 * (what `Histogram.get()` answers): `_bucket` per `le` (cumulative, `+Inf` = count), `_sum`, `_count`.
 */
function requestHistogram(name: string, help: string, series: Map<string, RequestSeries>): Metric {
  const get = async () => ({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    values: [...series.values()].flatMap(({ labels, count, sum, buckets }) => {
      let cumulative = 0;
      return [
        ...REQUEST_BUCKETS.map((le, i) => {
          cumulative += buckets[i]!;
          return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative };
        }),
        { metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
        { metricName: `${name}_sum`, labels, value: sum },
        { metricName: `${name}_count`, labels, value: count },
      ];
    }),
  });
  return { name, help, type: 'histogram', get, reset: () => series.clear() } as unknown as Metric;
}

function outcomeCounter(
  name: string,
  help: string,
  outcomes: readonly string[],
  registers: Registry[],
): Counter<'outcome'> {
  const counter = new Counter({ name: `${PREFIX}${name}`, help, labelNames: ['outcome'], registers });
  for (const outcome of outcomes) counter.inc({ outcome }, 0); // every outcome present from the start
  return counter;
}

/** 'hold expiry' → 'hold_expiry': label values without spaces. */
const jobLabel = (job: string) => job.replace(/\s+/g, '_');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

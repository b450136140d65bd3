import pg from 'pg';
import { EVENT_CHANGES_CHANNEL } from './event-change-message';
import type { Logger } from '../../logger';
import type { ChangeListener } from './change-listener';

export interface PostgresListenerOptions {
  /** First reconnect delay; doubled per failed attempt up to maxDelayMs (with ±20 % jitter). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A LISTEN connection is idle: a periodic round trip finds a half-open one that TCP would not report. */
  pingMs?: number;
}

/**
 * LISTEN on a dedicated connection. Not one from the pool: a pooled client is handed to other queries and
 * recycled, and its LISTEN would go with it. When the connection fails, ends or stops answering pings, the
 * listener reports it (the feed then resyncs its watchers) and connects again with back-off.
 */
export class PostgresListener implements ChangeListener {
  private client: pg.Client | undefined;
  private handlers: Parameters<ChangeListener['start']>[0] | undefined;
  private stopped = true;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pingMs: number;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: Logger,
    options: PostgresListenerOptions = {},
  ) {
    this.minDelayMs = options.minDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 15_000;
    this.pingMs = options.pingMs ?? 30_000;
  }

  async start(handlers: Parameters<ChangeListener['start']>[0]): Promise<void> {
    this.handlers = handlers;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.drop();
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === EVENT_CHANGES_CHANNEL) this.handlers?.payload(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANGES_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return; // lost or stopped meanwhile
    this.attempt = 0;
    this.pingTimer = setInterval(() => this.ping(client), this.pingMs);
    this.pingTimer.unref();
    this.handlers?.state(true);
  }

  private ping(client: pg.Client) {
    const timeout = setTimeout(() => this.lost(client, new Error('ping timed out')), this.pingMs / 2);
    client.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        this.lost(client, error);
      },
    );
  }

  /** Handles the loss of `client` once (error, end and failed ping may all report it). */
  private lost(client: pg.Client, error: unknown) {
    if (client !== this.client) return;
    this.drop();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = this.nextDelay();
    this.logger.warn({ err: error, retryInMs: delay }, 'seat feed: LISTEN connection lost');
    this.handlers?.state(false);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private drop() {
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    // a connection being torn down may still emit 'error'; it must not crash the process
    client?.removeAllListeners('notification').on('error', () => undefined);
  }

  private nextDelay(): number {
    const base = Math.min(this.minDelayMs * 2 ** this.attempt, this.maxDelayMs);
    this.attempt++;
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }
}

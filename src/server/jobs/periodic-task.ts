import type { Logger } from '../logger';

/**
 * Told about the rounds of a job, for the metrics (adapters/metrics/metrics.ts; docs/architecture.md#metrics):
 * runs, failures and the time since the last successful round.
 */
export interface JobObserver {
  /** The job's timer started; its lag counts from here until a round succeeds. */
  jobStarted(job: string): void;
  /** A round of `job` ended; `failed` when it threw. */
  roundEnded(job: string, failed: boolean): void;
}

export interface PeriodicTaskOptions {
  /** Named in the log line of a failed round. */
  name: string;
  logger: Pick<Logger, 'error'>;
  /** Pause between the end of one round and the start of the next. */
  intervalMs: number;
  /** Pause before the first round after start(); default 0. */
  firstDelayMs?: number;
  /**
   * Up to this share of the interval is added at random to each pause (0–1; default 0.1), so instances
   * started together do not query the database in step.
   */
  jitter?: number;
  /**
   * One round. Its answer `true` means "more is waiting": the next round starts at once. A round that
   * throws is logged and retried after the interval; it never takes the process down.
   */
  round: () => Promise<boolean | void>;
  random?: () => number;
  /** Told about start and every round (metrics); optional. */
  observer?: JobObserver;
}

/**
 * The one loop of the background jobs (mail outbox, hold expiry, refunds): rounds never overlap, each pause
 * starts when a round ends, kick() asks for a round now (or right after the one in progress), and stop()
 * waits for the round in progress and starts nothing after it. Timers never keep the process alive.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private rerun = false;

  constructor(private readonly options: PeriodicTaskOptions) {}

  get isStarted(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.options.observer?.jobStarted(this.options.name);
    this.schedule(this.options.firstDelayMs ?? 0);
  }

  /** Waits for the round in progress; nothing runs afterwards. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  /** A round soon: now when idle, right after the current one otherwise. */
  kick(): void {
    if (!this.started) return;
    if (this.running) this.rerun = true;
    else this.schedule(0);
  }

  private pause(): number {
    const { intervalMs, jitter = 0.1, random = Math.random } = this.options;
    return Math.round(intervalMs * (1 + Math.max(0, Math.min(1, jitter)) * random()));
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick() {
    if (this.running || !this.started) return;
    let more = false;
    const { name, observer } = this.options;
    this.running = this.options
      .round()
      .then((answer) => {
        more = answer === true;
        observer?.roundEnded(name, false);
      })
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, `${name} round failed; retrying later`);
        observer?.roundEnded(name, true);
      });
    await this.running;
    this.running = undefined;
    if (!this.started) return;
    const again = this.rerun || more;
    this.rerun = false;
    this.schedule(again ? 0 : this.pause());
  }
}

export interface PeriodicJobOptions extends Omit<PeriodicTaskOptions, 'round'> {
  /** One round at `now`: how many items it handled. */
  round: (now: Date) => Promise<number>;
  /** The clock of rounds the timer starts; default: the real time. */
  now?: () => Date;
}

/**
 * A job of counted rounds (hold expiry, refunds): start() and stop() drive its PeriodicTask, and runOnce()
 * runs one round at once, also for tests. A failed round is logged and counts 0; the next one tries again.
 */
export class PeriodicJob {
  private readonly task: PeriodicTask;

  constructor(private readonly job: PeriodicJobOptions) {
    // runOnce tells the observer about each round; the task only about the start
    const { observer } = job;
    this.task = new PeriodicTask({
      ...job,
      observer: observer && { jobStarted: (name) => observer.jobStarted(name), roundEnded: () => undefined },
      round: async () => void (await this.runOnce()),
    });
  }

  start(): void {
    this.task.start();
  }

  /** Waits for a round in progress; nothing runs afterwards. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** A round now (or right after the one in progress), when started. */
  kick(): void {
    this.task.kick();
  }

  /** One round: the number of items handled (0 when the round failed). */
  async runOnce(now: Date = this.job.now?.() ?? new Date()): Promise<number> {
    try {
      const handled = await this.job.round(now);
      this.job.observer?.roundEnded(this.job.name, false);
      return handled;
    } catch (error) {
      this.job.logger.error({ err: error }, `${this.job.name} round failed; retrying later`);
      this.job.observer?.roundEnded(this.job.name, true);
      return 0;
    }
  }
}

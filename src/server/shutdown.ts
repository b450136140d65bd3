import type { HttpLifecycle } from './http/http-lifecycle';
import { logsWritten, type Logger } from './logger';

/** One part of the shutdown, logged with its duration. */
export interface ShutdownStep {
  /** The log line once it is done, e.g. 'jobs stopped'. */
  done: string;
  run: () => Promise<void>;
}

export interface ShutdownOptions {
  http: Pick<HttpLifecycle, 'drain' | 'inFlight' | 'openConnections'>;
  logger: Logger;
  /** The longest wait for requests in flight (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Started together with the drain: what ends long-lived streams (the seat feed) and the jobs. */
  alongsideDrain: ShutdownStep[];
  /** One after the other once the requests are done: flushing what they left, closing the pool. */
  afterDrain: ShutdownStep[];
  /** Beyond the grace, the longest the remaining steps may take before the process gives up. */
  backstopMs?: number;
  exit?: (code: number) => void;
}

/**
 * What the remaining steps may take after the grace: a request cut at the grace still finishes its statement
 * (DATABASE_STATEMENT_TIMEOUT_MS, 10 s by default) before the pool can close, and a job its current unit.
 */
export const SHUTDOWN_BACKSTOP_MS = 15_000;

/**
 * The same signal again within this time is the first one delivered twice, not a second signal: Ctrl+C
 * reaches every process of the terminal's group, and `npm start` forwards it to the server as well; a
 * supervisor that signals the whole group (systemd's default) does the same with SIGTERM (docs/decisions/046).
 */
export const REPEATED_SIGNAL_MS = 1000;

/**
 * The graceful stop on SIGTERM/SIGINT (docs/architecture.md#layers-and-folders, decision 033): readiness
 * turns to draining and the listener closes; the seat feed and the jobs stop while the requests in flight
 * finish, at most for the grace; then the remaining steps run in order and the process exits 0. Every step
 * is logged with its duration. A second signal exits at once with 1 (the same one within
 * `REPEATED_SIGNAL_MS` is the first delivered twice), and so does a shutdown still unfinished `backstopMs`
 * after the grace.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => void {
  const { http, logger, graceMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started: number | undefined;

  const timed = async (step: ShutdownStep) => {
    const begun = Date.now();
    try {
      await step.run();
      logger.info({ ms: Date.now() - begun }, step.done);
    } catch (err) {
      logger.error({ err, ms: Date.now() - begun }, `${step.done}: failed`);
    }
  };

  const run = async (signal: string) => {
    const drained = http.drain(graceMs);
    logger.info(
      { signal, graceSeconds: graceMs / 1000, inFlight: http.inFlight, connections: http.openConnections },
      'shutting down: not accepting connections, finishing requests in flight',
    );
    const alongside = Promise.all(options.alongsideDrain.map(timed));
    const result = await drained;
    const ms = Date.now() - started!;
    if (result.forced) {
      logger.warn(
        { ms, cut: result.cut, requests: result.requests },
        `grace of ${graceMs / 1000} s over: closed the connections of ${result.cut} unfinished requests`,
      );
    } else {
      logger.info(
        { ms, cut: 0, inFlightAtStart: result.inFlightAtStart, requests: result.requests },
        'requests finished',
      );
    }
    await alongside;
    for (const step of options.afterDrain) await timed(step);
    logger.info({ ms: Date.now() - started!, exitCode: 0 }, 'shutdown complete');
  };

  let firstSignal: string | undefined;

  return (signal: string) => {
    if (started !== undefined) {
      if (signal === firstSignal && Date.now() - started < REPEATED_SIGNAL_MS) {
        logger.info({ signal }, 'same signal again at once: already shutting down');
        return;
      }
      logger.warn({ signal }, 'second signal: exiting at once');
      exit(1);
      return;
    }
    started = Date.now();
    firstSignal = signal;
    const backstop = setTimeout(
      () => {
        logger.error(
          { ms: Date.now() - started!, inFlight: http.inFlight },
          'shutdown did not finish after the grace; exiting',
        );
        exit(1);
      },
      graceMs + (options.backstopMs ?? SHUTDOWN_BACKSTOP_MS),
    );
    run(signal)
      .then(() => logsWritten(logger))
      .then(
        () => {
          clearTimeout(backstop);
          exit(0);
        },
        (err: unknown) => {
          clearTimeout(backstop);
          logger.error({ err }, 'shutdown failed');
          exit(1);
        },
      );
  };
}

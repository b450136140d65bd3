import pino from 'pino';
import { errorForLog } from './error-for-log';

export type Logger = pino.Logger;

/**
 * Structured JSON logs; secrets and cookies are redacted. Written asynchronously to stdout, so the request
 * line of every API call never blocks the event loop: a line is sent at once when nothing else is being
 * written, lines that arrive meanwhile go out together with the next write. pino flushes what is pending
 * when the process exits. Errors are written without the personal data they may carry (error-for-log.ts).
 */
export function createLogger(
  level: string,
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
      serializers: { err: errorForLog },
    },
    destination,
  );
}

/**
 * Resolves once the lines logged so far have been written (at most `capMs`): the last step before the process
 * exits. At exit pino writes what is still buffered synchronously, beside an asynchronous write that may still be
 * under way, and a shutdown's last two lines came out in the wrong order ('shutdown complete' before 'database
 * closed', test/faults/graceful-restart.test.ts). SonicBoom, pino's destination, says 'drain' when it has written
 * everything; `flush(cb)` does not wait for that with its default minLength of 0, so this reads its `_writing`.
 */
export function logsWritten(logger: Logger, capMs = 1_000): Promise<void> {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { _writing?: boolean; once?: (event: 'drain', listener: () => void) => unknown } | undefined;
  if (!stream?._writing || typeof stream.once !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    stream.once!('drain', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

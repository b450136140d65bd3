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

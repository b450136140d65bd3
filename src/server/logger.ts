import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs; secrets and cookies are redacted. Written asynchronously to stdout, so the request
 * line of every API call never blocks the event loop: a line is sent at once when nothing else is being
 * written, lines that arrive meanwhile go out together with the next write. pino flushes what is pending
 * when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

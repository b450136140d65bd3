import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; secrets and cookies are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
  });
}

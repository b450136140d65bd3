import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How `npm run backup` proves to the running server that it may read the database dump: signed with
 * APP_SECRET (from the environment or DATA_DIR/app-secret, which the CLI reads like the server does) and
 * valid for a minute. The route also wants a client on this machine (docs/decisions/030-backups.md).
 */
export const BACKUP_TOKEN_SECONDS_VALID = 60;

const sign = (secret: string, data: string) =>
  createHmac('sha256', secret).update(`backup-token:${data}`).digest('base64url');

export function createBackupToken(secret: string, now = new Date()): string {
  const data = Buffer.from(
    JSON.stringify({ exp: Math.floor(now.getTime() / 1000) + BACKUP_TOKEN_SECONDS_VALID }),
  ).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** Whether the signature holds and the token has not expired. */
export function verifyBackupToken(secret: string, token: string, now = new Date()): boolean {
  const [data, signature, ...rest] = token.trim().split('.');
  if (!data || !signature || rest.length > 0) return false;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 > now.getTime();
  } catch {
    return false;
  }
}

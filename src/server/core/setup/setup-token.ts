import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Signed with APP_SECRET, expiring; single use is enforced by the database
 * (docs/product/admin.md#owner-setup).
 */
export const SETUP_TOKEN_HOURS_VALID = 24;

interface SetupTokenPayload {
  jti: string;
  exp: number; // seconds since epoch
}

const sign = (secret: string, data: string) =>
  createHmac('sha256', secret).update(`setup-token:${data}`).digest('base64url');

export function createSetupToken(secret: string, now = new Date()): string {
  const payload: SetupTokenPayload = {
    jti: randomUUID(),
    exp: Math.floor(now.getTime() / 1000) + SETUP_TOKEN_HOURS_VALID * 3600,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** The token's id when the signature holds and it has not expired; otherwise null. */
export function verifySetupToken(secret: string, token: string, now = new Date()): string | null {
  const [data, signature, ...rest] = token.trim().split('.');
  if (!data || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as SetupTokenPayload;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    return payload.exp * 1000 > now.getTime() ? payload.jti : null;
  } catch {
    return null;
  }
}

export function setupUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/setup?token=${encodeURIComponent(token)}`;
}

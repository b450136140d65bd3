import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

// A requested e-mail change is one row of better-auth's `verification` table (no table of our own):
//   identifier `email-change:{userId}`  – at most one pending change per user
//   value      JSON {email, secretHash} – the new address and the SHA-256 of the link's secret
// The link carries `{rowId}.{secret}`: the row id finds the row, the secret proves the link came from the
// mail. Only the hash is stored, so a database leak does not confirm anyone's change.

export const EMAIL_CHANGE_HOURS_VALID = 24;

export const emailChangeIdentifier = (userId: string) => `email-change:${userId}`;
export const EMAIL_CHANGE_IDENTIFIER_PREFIX = 'email-change:';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newEmailChangeToken(email: string) {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, value: JSON.stringify({ email, secretHash: hashOf(secret) }) };
}

/** Splits a link token into row id and secret; null when it cannot be one of ours. */
export function parseEmailChangeToken(token: string): { id: string; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/.exec(token.trim());
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** The new address of a stored change when the secret matches (constant-time comparison), else null. */
export function emailOfMatchingChange(value: string, secret: string): string | null {
  const parsed = parseValue(value);
  if (!parsed) return null;
  const expected = Buffer.from(parsed.secretHash, 'hex');
  const actual = Buffer.from(hashOf(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? parsed.email : null;
}

export const pendingEmailOf = (value: string) => parseValue(value)?.email ?? null;

function parseValue(value: string): { email: string; secretHash: string } | null {
  try {
    const parsed = JSON.parse(value) as { email?: unknown; secretHash?: unknown };
    if (typeof parsed.email !== 'string' || typeof parsed.secretHash !== 'string') return null;
    return { email: parsed.email, secretHash: parsed.secretHash };
  } catch {
    return null;
  }
}

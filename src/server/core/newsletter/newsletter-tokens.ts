import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NEWSLETTER_LINK_PARAMS } from '@shared/newsletter';

// The two links of the newsletter mails:
//   confirm      a random secret, single use; only its SHA-256 is stored (newsletter_subscriptions.confirm_token_hash)
//   unsubscribe  `{subscriptionId}.{HMAC}` signed with APP_SECRET: nothing stored, the same link in every mail
//                keeps working (also in the old ones), and nobody can make one for somebody else's address.

/** spec-free choice: a week to click the confirmation link (the brief of issue 4). */
export const CONFIRM_DAYS_VALID = 7;

export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newConfirmToken(now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CONFIRM_DAYS_VALID * 24 * 60 * 60 * 1000);
  return { token, hash: hashConfirmToken(token), expiresAt };
}

const signature = (secret: string, subscriptionId: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriptionId}`).digest('base64url');

export const unsubscribeTokenFor = (secret: string, subscriptionId: string) =>
  `${subscriptionId}.${signature(secret, subscriptionId)}`;

/** The subscription id of a genuine unsubscribe token (constant-time check), else null. */
export function subscriptionIdOf(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const expected = Buffer.from(signature(secret, match[1]!));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? match[1]! : null;
}

/** Links into the web app's /email-confirmed page (not `token`/`code`: those mean a magic link there). */
export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/email-confirmed?${NEWSLETTER_LINK_PARAMS.confirm}=${encodeURIComponent(token)}`;

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/email-confirmed?${NEWSLETTER_LINK_PARAMS.unsubscribe}=${encodeURIComponent(token)}`;

import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/session';
import type { Db } from '../../db/types';
import { session } from '../../db/schema';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './auth';
import { loadSessionByToken, toSessionUser } from './load-session-user';

export interface FoundSession {
  sessionId: string;
  user: SessionUser;
  /** Set when the idle expiry was moved on: the cookie should be sent again with a fresh lifetime. */
  renewedUntil?: Date;
}

/**
 * The session token in a better-auth signed cookie value (`token.base64(HMAC-SHA256(token, secret))`, as
 * better-call's signCookieValue writes it), or null when the signature does not match.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The signed-in user behind a session cookie, with one query: the signature is checked in process, then the
 * session, user, profile, e-mail confirmation and consent are read together. This is better-auth's
 * getSession (same tables, same signed cookie, same sliding idle expiry: moved on at most once a day while in
 * use) without its generic adapter, which cost two queries and most of a signed-in request's CPU time
 * (decision 014). Ends sessions past their idle or absolute expiry.
 */
export async function findSession(options: {
  db: Db;
  secret: string;
  cookieValue: string;
  now?: Date;
}): Promise<FoundSession | null> {
  const { db, secret, cookieValue, now = new Date() } = options;
  const token = verifiedToken(cookieValue, secret);
  if (!token) return null;
  const row = await loadSessionByToken(db, token);
  if (!row) return null;
  const ageSeconds = (now.getTime() - row.sessionCreatedAt.getTime()) / 1000;
  if (row.expiresAt.getTime() <= now.getTime() || ageSeconds > SESSION_ABSOLUTE_SECONDS) {
    await db.delete(session).where(eq(session.id, row.sessionId));
    return null;
  }
  const user = await toSessionUser(db, row);
  if (!user) return null;
  // better-auth's rule: extend once the session is `updateAge` old since its last extension
  const lastExtended = row.expiresAt.getTime() - SESSION_IDLE_SECONDS * 1000;
  if (now.getTime() - lastExtended < SESSION_REFRESH_SECONDS * 1000)
    return { sessionId: row.sessionId, user };
  const renewedUntil = new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000);
  await db
    .update(session)
    .set({ expiresAt: renewedUntil, updatedAt: now })
    .where(eq(session.id, row.sessionId));
  return { sessionId: row.sessionId, user, renewedUntil };
}

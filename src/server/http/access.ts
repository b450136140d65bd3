import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Role, SessionUser } from '@shared/session';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';
import {
  SESSION_COOKIE_ATTRIBUTES,
  SESSION_COOKIE_NAME,
  SESSION_IDLE_SECONDS,
  usesSecureCookies,
} from '../core/auth/auth';
import { findSession } from '../core/auth/find-session';
import type { AppEnv, CurrentSession } from './context';

/**
 * Reads the session cookie once per request (memoised): signature, session, user and profile in one query
 * (core/auth/find-session.ts); ends sessions past their idle or absolute lifetime. When the idle expiry is
 * moved on, the cookie is sent again with the new lifetime, so an active user stays signed in.
 */
export async function currentSession(c: Context<AppEnv>): Promise<CurrentSession | null> {
  const cached = c.get('session');
  if (cached !== undefined) return cached;
  const { config, database } = c.get('deps');
  const secure = usesSecureCookies(config.publicUrl);
  // Visitors without a session cookie (most requests) need no lookup at all.
  const cookieValue = getCookie(c, SESSION_COOKIE_NAME, secure ? 'secure' : undefined);
  const found = cookieValue
    ? await findSession({ db: database.db, secret: config.appSecret, cookieValue })
    : null;
  if (found?.renewedUntil) {
    setCookie(c, SESSION_COOKIE_NAME, cookieValue!, {
      ...SESSION_COOKIE_ATTRIBUTES,
      secure,
      prefix: secure ? 'secure' : undefined,
      maxAge: SESSION_IDLE_SECONDS,
    });
  }
  const result = found ? { sessionId: found.sessionId, user: found.user } : null;
  c.set('session', result);
  return result;
}

export type Access = 'public' | 'user' | Role;

/**
 * Every API route declares who may call it: `allow('public')`, `allow('user')` (any signed-in user), or
 * roles (`allow('admin')`, `allow('organizer', 'admin')`). Checked on the server, whatever the client shows.
 */
export function allow(...levels: Access[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (levels.includes('public')) return next();
    const current = await currentSession(c);
    if (!current) throw new AppError('unauthorized', GERMAN_DEFAULT_MESSAGES.unauthorized);
    const roleOk = levels.includes('user') || levels.includes(current.user.role);
    if (!roleOk) throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
    return next();
  };
}

/** The signed-in user of a route behind `allow(...)` other than 'public'. */
export async function userOf(c: Context<AppEnv>): Promise<SessionUser> {
  const current = await currentSession(c);
  if (!current) throw new AppError('unauthorized', GERMAN_DEFAULT_MESSAGES.unauthorized);
  return current.user;
}

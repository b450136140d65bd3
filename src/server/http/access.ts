import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Role, SessionUser } from '@shared/session';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';
import { SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE_PREFIX } from '../core/auth/auth';
import { loadSessionUser } from '../core/auth/load-session-user';
import { session as sessionTable } from '../db/schema';
import type { AppEnv } from './app';

export interface CurrentSession {
  sessionId: string;
  user: SessionUser;
}

/** Reads the session cookie once per request (memoised); ends sessions past their absolute lifetime. */
export async function currentSession(c: Context<AppEnv>): Promise<CurrentSession | null> {
  const cached = c.get('session');
  if (cached !== undefined) return cached;
  const { auth, database } = c.get('deps');
  let result: CurrentSession | null = null;
  // Visitors without a session cookie (most requests) need no lookup at all.
  const hasSessionCookie =
    c.req.header('Cookie')?.includes(`${SESSION_COOKIE_PREFIX}.session_token=`) ?? false;
  const found = hasSessionCookie
    ? await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
    : null;
  if (found) {
    const age = (Date.now() - new Date(found.session.createdAt).getTime()) / 1000;
    if (age > SESSION_ABSOLUTE_SECONDS) {
      await database.db.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
    } else {
      const user = await loadSessionUser(database.db, found.user.id);
      if (user) result = { sessionId: found.session.id, user };
    }
  }
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

import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/session';
import type { Db } from '../../db/types';
import { consents, profiles, session, user, userNotificationPreferences } from '../../db/schema';
import { ensureProfile } from './ensure-profile';

/** The columns a SessionUser is made of; both selects below join their tables the same way. */
const sessionUserColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  profile: profiles,
  emailConfirmed: userNotificationPreferences.emailConfirmed,
  dsgvo: consents.granted,
};

const profileOfUser = eq(profiles.id, user.id);
const preferencesOfUser = eq(userNotificationPreferences.userId, user.id);
const dsgvoOfUser = and(eq(consents.userId, user.id), eq(consents.purpose, 'dsgvo'));

const userSelect = (db: Db) =>
  db
    .select(sessionUserColumns)
    .from(user)
    .leftJoin(profiles, profileOfUser)
    .leftJoin(userNotificationPreferences, preferencesOfUser)
    .leftJoin(consents, dsgvoOfUser);
type SessionUserRow = Awaited<ReturnType<typeof userSelect>>[number];

/** The signed-in user as the client sees it: profile, confirmed e-mail and DSGVO consent. */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const [row] = await userSelect(db).where(eq(user.id, userId)).limit(1);
  return row ? toSessionUser(db, row) : null;
}

const sessionByToken = (db: Db) =>
  db
    .select({
      ...sessionUserColumns,
      sessionId: session.id,
      expiresAt: session.expiresAt,
      sessionCreatedAt: session.createdAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, profileOfUser)
    .leftJoin(userNotificationPreferences, preferencesOfUser)
    .leftJoin(consents, dsgvoOfUser)
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');
const prepared = new WeakMap<Db, ReturnType<typeof sessionByToken>>();

/**
 * The session with this token and its user, in one query (the hot path of every signed-in request). A
 * prepared statement: built once per database, parsed once per connection.
 */
export async function loadSessionByToken(db: Db, token: string) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionByToken(db)));
  const [row] = await query.execute({ token });
  return row ?? null;
}

/** A row of the select above as the client's SessionUser; creates a missing profile first. */
export async function toSessionUser(db: Db, row: SessionUserRow): Promise<SessionUser | null> {
  if (!row.profile) {
    // No profile yet → create it, then read again.
    await ensureProfile(db, { id: row.id, email: row.email, name: row.name });
    return loadSessionUser(db, row.id);
  }
  const p = row.profile;
  return {
    id: row.id,
    email: row.email,
    fullName: p.fullName,
    displayName: p.displayName,
    phone: p.phone,
    role: p.role,
    avatarUrl: p.avatarUrl,
    emailConfirmed: Boolean(row.emailVerified || row.emailConfirmed),
    hasDsgvoConsent: row.dsgvo === true,
    onboardingCompletedAt: p.onboardingCompletedAt?.toISOString() ?? null,
  };
}

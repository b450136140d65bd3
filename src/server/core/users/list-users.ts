import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { USER_PAGE_SIZE, type AdminUserPage, type UserListQuery } from '@shared/admin-users';
import type { Db } from '../../db/types';
import { likePattern } from '../../db/like-pattern';
import { profiles, user, userNotificationPreferences } from '../../db/schema';

/**
 * Search by e-mail or name, newest first, one page at a time (docs/product/admin.md#admin-users).
 * `user` (linked from the tickets screen) narrows the list to that one user.
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<AdminUserPage> {
  const filters: SQL[] = [];
  if (query.user) filters.push(eq(user.id, query.user));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(user.email, pattern),
        ilike(profiles.fullName, pattern),
        ilike(profiles.displayName, pattern),
        ilike(user.name, pattern),
      )!,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const offset = (query.page - 1) * USER_PAGE_SIZE;

  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        fullName: profiles.fullName,
        displayName: profiles.displayName,
        phone: profiles.phone,
        role: profiles.role,
        globalMarketingEnabled: userNotificationPreferences.globalMarketingEnabled,
        // a code or link that arrived (preferences) or better-auth's own flag
        emailConfirmed: sql<boolean>`coalesce(${userNotificationPreferences.emailConfirmed}, false) or ${user.emailVerified}`,
        onboardingCompletedAt: profiles.onboardingCompletedAt,
        createdAt: user.createdAt,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), user.id)
      .limit(USER_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(where),
  ]);

  return {
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      fullName: row.fullName,
      displayName: row.displayName,
      phone: row.phone,
      role: row.role ?? 'attendee',
      globalMarketingEnabled: row.globalMarketingEnabled ?? false,
      emailConfirmed: Boolean(row.emailConfirmed),
      onboarded: row.onboardingCompletedAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: USER_PAGE_SIZE,
  };
}

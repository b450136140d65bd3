import { eq, sql } from 'drizzle-orm';
import type { Role } from '@shared/session';
import type { Db, Tx } from '../../db/types';
import { profiles, user } from '../../db/schema';
import { AppError } from '../app-error';

export const LAST_ADMIN_MESSAGE = 'Der letzte Administrator kann nicht heruntergestuft werden.';

/**
 * Locks the admin rows and refuses when the change would leave no admin (docs/product/admin.md#last-admin).
 * Two admins demoting each other at once serialise on these locks, so one of them is refused.
 */
export async function assertNotLastAdmin(tx: Tx, userId: string): Promise<void> {
  const admins = await tx.execute<{ id: string }>(
    sql`select id from profiles where role = 'admin' order by id for update`,
  );
  const ids = admins.rows.map((row) => row.id);
  if (ids.includes(userId) && ids.length <= 1) throw new AppError('last_admin', LAST_ADMIN_MESSAGE);
}

export async function changeUserRole(db: Db, input: { userId: string; role: Role }) {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    if (!target) throw new AppError('not_found', 'Benutzer nicht gefunden.');
    if (target.role === input.role) return { userId: input.userId, role: input.role };
    if (target.role === 'admin') await assertNotLastAdmin(tx, input.userId);
    await tx.update(profiles).set({ role: input.role }).where(eq(profiles.id, input.userId));
    // better-auth's admin field is kept in step (schema/profiles.ts)
    await tx
      .update(user)
      .set({ role: input.role === 'admin' ? 'admin' : 'user' })
      .where(eq(user.id, input.userId));
    return { userId: input.userId, role: input.role };
  });
}

import { randomUUID } from 'node:crypto';
import { USER_ADMIN_MESSAGES } from '@shared/admin-users';
import type { Role } from '@shared/session';
import type { Db } from '../../db/types';
import { profiles, user, userNotificationPreferences } from '../../db/schema';
import { AppError } from '../app-error';
import { namePartsOf } from '../profiles/name-parts';

export interface CreateUserOptions {
  db: Db;
  /** Trimmed and lower-cased by the shared schema. */
  email: string;
  fullName?: string;
  role: Role;
}

/**
 * An admin creates a user with e-mail, optional name and role (docs/product/admin.md#create-user). No
 * password and no mail: the person signs in by code with that address, which then confirms it. A taken
 * address is a 409.
 */
export async function createUser(
  options: CreateUserOptions,
): Promise<{ id: string; email: string; role: Role }> {
  const { db, email, role } = options;
  const names = namePartsOf(options.fullName ?? null);
  return db.transaction(async (tx) => {
    // The unique e-mail decides, also when two admins create the same address at once.
    const [created] = await tx
      .insert(user)
      .values({
        id: randomUUID(),
        email,
        name: names.fullName ?? '',
        emailVerified: false,
        role: role === 'admin' ? 'admin' : 'user',
      })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id });
    if (!created) throw new AppError('conflict', USER_ADMIN_MESSAGES.duplicate);
    await tx.insert(profiles).values({
      id: created.id,
      email,
      ...names,
      // as at sign-in (ensure-profile.ts): without a name, the part before the at sign
      fullName: names.fullName ?? email.split('@')[0] ?? null,
      role,
    });
    await tx.insert(userNotificationPreferences).values({ userId: created.id }).onConflictDoNothing();
    return { id: created.id, email, role };
  });
}

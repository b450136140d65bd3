import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { profiles, setupTokenRedemptions, user, userNotificationPreferences } from '../../db/schema';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import { verifySetupToken } from './setup-token';

export interface CreateOwnerInput {
  email: string;
  fullName?: string;
  token: string;
}

/**
 * A valid, unused token creates the first admin, who then signs in by code
 * (docs/product/admin.md#owner-setup). The redemption row and the admin are written in one transaction, so a
 * token works exactly once.
 */
export async function createOwner(
  db: Db,
  secret: string,
  input: CreateOwnerInput,
  /** Runs inside the transaction, e.g. to put the welcome mail into the outbox with the admin. */
  onCreated: (tx: Tx, owner: { userId: string; email: string }) => Promise<void> = async () => undefined,
  now = new Date(),
) {
  const tokenId = verifySetupToken(secret, input.token, now);
  if (!tokenId) throw new AppError('token_invalid', GERMAN_DEFAULT_MESSAGES.token_invalid);
  const email = input.email.trim().toLowerCase();
  const fullName = input.fullName?.trim() || null;
  return db.transaction(async (tx) => {
    const redeemed = await tx
      .insert(setupTokenRedemptions)
      .values({ tokenId })
      .onConflictDoNothing()
      .returning({ tokenId: setupTokenRedemptions.tokenId });
    if (redeemed.length === 0) throw new AppError('token_invalid', GERMAN_DEFAULT_MESSAGES.token_invalid);
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.role, 'admin'))
      .limit(1);
    if (admins.length > 0) throw new AppError('conflict', 'Es gibt bereits einen Administrator.');

    const existing = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    const userId = existing[0]?.id ?? randomUUID();
    if (!existing[0]) {
      await tx
        .insert(user)
        .values({ id: userId, email, name: fullName ?? '', emailVerified: false, role: 'admin' });
    } else {
      await tx.update(user).set({ role: 'admin' }).where(eq(user.id, userId));
    }
    await tx
      .insert(profiles)
      .values({ id: userId, email, fullName: fullName ?? email.split('@')[0], role: 'admin' })
      .onConflictDoUpdate({ target: profiles.id, set: { role: 'admin', ...(fullName ? { fullName } : {}) } });
    await tx.insert(userNotificationPreferences).values({ userId }).onConflictDoNothing();
    await tx.update(setupTokenRedemptions).set({ userId }).where(eq(setupTokenRedemptions.tokenId, tokenId));
    await onCreated(tx, { userId, email });
    return { userId, email };
  });
}

/** Whether the server should print a setup URL at start. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin')).limit(1);
  return rows.length > 0;
}

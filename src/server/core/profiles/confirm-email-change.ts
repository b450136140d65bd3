import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { profiles, user, userNotificationPreferences, verification } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../app-error';
import {
  EMAIL_CHANGE_IDENTIFIER_PREFIX,
  emailOfMatchingChange,
  parseEmailChangeToken,
} from './email-change-token';
import { EMAIL_IN_USE_MESSAGE, emailTakenByOther } from './request-email-change';
import { holdPerson } from './person-lock';

export const EMAIL_CHANGE_INVALID_MESSAGE =
  'Der Bestätigungslink ist ungültig oder wurde bereits verwendet. Bitte fordere die Änderung in deinem Profil erneut an.';
export const EMAIL_CHANGE_EXPIRED_MESSAGE =
  'Der Bestätigungslink ist abgelaufen. Bitte fordere die Änderung in deinem Profil erneut an.';

export interface ConfirmEmailChangeOptions {
  db: Db;
  token: string;
  now?: Date;
}

/**
 * Opens the link of the e-mail-change mail: the account's address (user.email, the sign-in address) and
 * profiles.email become the new one, which counts as confirmed (the link arrived there). The pending row is
 * deleted in the same transaction, so the link works once; the row lock makes two clicks at once safe.
 */
export async function confirmEmailChange({ db, token, now = new Date() }: ConfirmEmailChangeOptions) {
  const parsed = parseEmailChangeToken(token);
  if (!parsed) throw new AppError('token_invalid', EMAIL_CHANGE_INVALID_MESSAGE);
  const pendingRow = and(
    eq(verification.id, parsed.id),
    like(verification.identifier, `${EMAIL_CHANGE_IDENTIFIER_PREFIX}%`),
  );
  return db
    .transaction(async (tx) => {
      // the person first, as an account deletion takes them (person-lock.ts): a deletion in flight is
      // waited for, and the link of a deleted account is dead, never a failed write (decision 045)
      const [known] = await tx
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(pendingRow);
      const owner = known?.identifier.slice(EMAIL_CHANGE_IDENTIFIER_PREFIX.length);
      if (!owner) throw new AppError('token_invalid', EMAIL_CHANGE_INVALID_MESSAGE);
      if (!(await holdPerson(tx, owner))) {
        await tx.delete(verification).where(pendingRow);
        return { dead: true as const };
      }
      const [row] = await tx.select().from(verification).where(pendingRow).for('update');
      const email = row ? emailOfMatchingChange(row.value, parsed.secret) : null;
      if (!row || !email) throw new AppError('token_invalid', EMAIL_CHANGE_INVALID_MESSAGE);
      if (row.expiresAt <= now) {
        await tx.delete(verification).where(eq(verification.id, row.id));
        return { expired: true as const, dead: false as const };
      }
      const userId = row.identifier.slice(EMAIL_CHANGE_IDENTIFIER_PREFIX.length);
      if (await emailTakenByOther(tx, email, userId)) throw new AppError('conflict', EMAIL_IN_USE_MESSAGE);

      await tx.delete(verification).where(eq(verification.id, row.id));
      await tx.update(user).set({ email, emailVerified: true }).where(eq(user.id, userId));
      await tx.update(profiles).set({ email, isVerified: true }).where(eq(profiles.id, userId));
      await tx
        .insert(userNotificationPreferences)
        .values({ userId, emailConfirmed: true, confirmedAt: now })
        .onConflictDoUpdate({
          target: userNotificationPreferences.userId,
          set: { emailConfirmed: true, confirmedAt: now },
        });
      return { expired: false as const, dead: false as const, userId, email };
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update (user.email is unique).
      if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_IN_USE_MESSAGE);
      throw error;
    })
    .then((result) => {
      // Thrown after the transaction, so the expired (or orphaned) row's deletion is kept.
      if (result.dead) throw new AppError('token_invalid', EMAIL_CHANGE_INVALID_MESSAGE);
      if (result.expired) throw new AppError('token_invalid', EMAIL_CHANGE_EXPIRED_MESSAGE);
      return { userId: result.userId, email: result.email };
    });
}

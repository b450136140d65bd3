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
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(verification)
        .where(
          and(
            eq(verification.id, parsed.id),
            like(verification.identifier, `${EMAIL_CHANGE_IDENTIFIER_PREFIX}%`),
          ),
        )
        .for('update');
      const email = row ? emailOfMatchingChange(row.value, parsed.secret) : null;
      if (!row || !email) throw new AppError('token_invalid', EMAIL_CHANGE_INVALID_MESSAGE);
      if (row.expiresAt <= now) {
        await tx.delete(verification).where(eq(verification.id, row.id));
        return { expired: true as const };
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
      return { expired: false as const, userId, email };
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update (user.email is unique).
      if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_IN_USE_MESSAGE);
      throw error;
    })
    .then((result) => {
      // Thrown after the transaction, so the expired row's deletion is kept.
      if (result.expired) throw new AppError('token_invalid', EMAIL_CHANGE_EXPIRED_MESSAGE);
      return { userId: result.userId, email: result.email };
    });
}

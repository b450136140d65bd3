import { eq } from 'drizzle-orm';
import type { Actor } from '../actor';
import { publishEventChange } from '../events/event-changes';
import type { ProfileDetails } from '@shared/profile';
import { profileUpdateProblem, type ProfileUpdate } from '@shared/profile-schemas';
import type { Db } from '../../db/types';
import { profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { getProfile } from './get-profile';
import { namePartsOf } from './name-parts';

export interface UpdateProfileOptions {
  db: Db;
  user: Actor;
  /** Already parsed with `profileUpdateSchema` (trimmed); only the fields present change. */
  update: ProfileUpdate;
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * Saves the own profile (docs/product/accounts-and-consent.md#profile-role-fields). Ordinary users keep name
 * and phone non-empty and cannot set display name, website or bio (403); admins and organizers may set those
 * and may leave name and phone empty.
 */
export async function updateProfile({ db, user, update }: UpdateProfileOptions): Promise<ProfileDetails> {
  const problem = profileUpdateProblem(user.role, update);
  if (problem) {
    throw new AppError(problem.status === 'forbidden' ? 'forbidden' : 'validation_failed', problem.message);
  }
  const changes: Partial<typeof profiles.$inferInsert> = {};
  if (update.fullName !== undefined) Object.assign(changes, namePartsOf(update.fullName));
  if (update.phone !== undefined) changes.phone = orNull(update.phone);
  if (update.displayName !== undefined) changes.displayName = orNull(update.displayName);
  if (update.website !== undefined) changes.website = orNull(update.website);
  if (update.bio !== undefined) changes.bio = orNull(update.bio);
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await tx.update(profiles).set(changes).where(eq(profiles.id, user.id));
      // organizers appear on event pages: cached public event data must be rebuilt
      if (user.role !== 'attendee') await publishEventChange(tx, null);
    });
  }
  return getProfile({ db, userId: user.id });
}

import { eq } from 'drizzle-orm';
import { publishEventChange } from '../events/event-changes';
import { profileUpdateProblem, type ProfileDetails, type ProfileUpdate } from '@shared/profile';
import type { SessionUser } from '@shared/session';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { getProfile } from './get-profile';
import { namePartsOf } from './name-parts';

export interface UpdateProfileOptions {
  db: Db;
  user: Pick<SessionUser, 'id' | 'role'>;
  /** Already parsed with `profileUpdateSchema` (trimmed); only the fields present change. */
  update: ProfileUpdate;
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * Saves the own profile. Ordinary users keep name and phone non-empty (spec visitor §5) and cannot set
 * display name, website or bio (403); admins and organizers may set those and may leave name and phone
 * empty (spec admin §5).
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

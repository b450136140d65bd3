import { eq } from 'drizzle-orm';
import type { Actor } from '../actor';
import { publishEventChange } from '../events/event-changes';
import { CROP_OUTPUT_SIZE, type ProfileImageKind } from '@shared/image-upload';
import { hasExtendedProfile, type ProfileDetails } from '@shared/profile';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/types';
import { profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { reencodeImage } from '../media/reencode-image';
import { getProfile } from './get-profile';

const BUCKETS: Record<ProfileImageKind, 'avatars' | 'portraits'> = {
  avatar: 'avatars',
  portrait: 'portraits',
};

export interface UploadProfileImageOptions {
  db: Db;
  storage: FileStorage;
  user: Actor;
  kind: ProfileImageKind;
  bytes: Buffer;
  now?: Date;
}

/**
 * Avatar (any signed-in user) or portrait (organizers and admins): checked by content with sharp, re-encoded
 * to a 512×512 WebP (cover crop; metadata such as GPS position is dropped), stored under
 * `{bucket}/{userId}/{bucket}-{timestamp}.webp` and saved on the profile. The image it
 * replaces is deleted afterwards (docs/product/admin.md#image-uploads).
 */
export async function uploadProfileImage(
  options: UploadProfileImageOptions,
): Promise<{ url: string; profile: ProfileDetails }> {
  const { db, storage, user, kind, bytes, now = new Date() } = options;
  if (kind === 'portrait' && !hasExtendedProfile(user.role)) {
    throw new AppError('forbidden', 'Ein Portrait können nur Veranstalter und Admins hochladen.');
  }
  const webp = await reencodeImage(bytes, { width: CROP_OUTPUT_SIZE, height: CROP_OUTPUT_SIZE });

  const bucket = BUCKETS[kind];
  const key = `${bucket}/${user.id}/${bucket}-${now.getTime()}.webp`;
  const url = await storage.put(key, webp, 'image/webp');
  const column = kind === 'avatar' ? profiles.avatarUrl : profiles.portraitUrl;
  let previous: string | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ old: column })
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .for('update');
      await tx
        .update(profiles)
        .set(kind === 'avatar' ? { avatarUrl: url } : { portraitUrl: url })
        .where(eq(profiles.id, user.id));
      if (user.role !== 'attendee') await publishEventChange(tx, null); // organizer portraits are public
      return row?.old ?? null;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  const oldKey = previous ? storage.keyOf(previous) : null;
  if (oldKey && oldKey !== key) await storage.delete(oldKey).catch(() => undefined);
  return { url, profile: await getProfile({ db, userId: user.id }) };
}

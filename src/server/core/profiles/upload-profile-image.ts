import { eq } from 'drizzle-orm';
import { publishEventChange } from '../events/event-changes';
import sharp from 'sharp';
import {
  CROP_OUTPUT_SIZE,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  type ProfileImageKind,
} from '@shared/image-upload';
import { hasExtendedProfile, type ProfileDetails } from '@shared/profile';
import type { SessionUser } from '@shared/session';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { getProfile } from './get-profile';

/** Formats sharp must recognise in the bytes (spec admin §5: JPEG, PNG, WebP); name and declared type do not count. */
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Decoding cost bound: a small file can still claim a huge canvas (decompression bomb). */
const MAX_INPUT_PIXELS = 64_000_000;

const BUCKETS: Record<ProfileImageKind, 'avatars' | 'portraits'> = {
  avatar: 'avatars',
  portrait: 'portraits',
};

export interface UploadProfileImageOptions {
  db: Db;
  storage: FileStorage;
  user: Pick<SessionUser, 'id' | 'role'>;
  kind: ProfileImageKind;
  bytes: Buffer;
  now?: Date;
}

/**
 * Avatar (any signed-in user) or portrait (organizers and admins): checked by content with sharp, re-encoded
 * to a 512×512 WebP (cover crop; metadata such as GPS position is dropped), stored under
 * `{bucket}/{userId}/{bucket}-{timestamp}.webp` (spec admin §7) and saved on the profile. The image it
 * replaces is deleted afterwards.
 */
export async function uploadProfileImage(
  options: UploadProfileImageOptions,
): Promise<{ url: string; profile: ProfileDetails }> {
  const { db, storage, user, kind, bytes, now = new Date() } = options;
  if (kind === 'portrait' && !hasExtendedProfile(user.role)) {
    throw new AppError('forbidden', 'Ein Portrait können nur Veranstalter und Admins hochladen.');
  }
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
  const webp = await reencode(bytes);

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

async function reencode(bytes: Buffer): Promise<Buffer> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes).metadata(); // reads the header only
  } catch {
    throw new AppError('bad_request', IMAGE_TYPE_MESSAGE);
  }
  if (!metadata.format || !ALLOWED_FORMATS.has(metadata.format)) {
    throw new AppError('bad_request', IMAGE_TYPE_MESSAGE);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('payload_too_large', 'Das Bild hat zu viele Pixel (höchstens 64 Megapixel).');
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before it is dropped
      .resize(CROP_OUTPUT_SIZE, CROP_OUTPUT_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Recognised header, broken or oversized body.
    throw new AppError('bad_request', 'Das Bild konnte nicht gelesen werden. Bitte ein anderes Bild wählen.');
  }
}

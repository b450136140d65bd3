import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/types';
import { certificateSettings } from '../../db/schema';
import { reencodeUpload } from '../media/reencode-image';
import { assertEventExists } from './certificate-settings';

/** About 300 dpi for the PDF's 60 × 20 mm signature box. */
const MAX_WIDTH = 900;
const MAX_HEIGHT = 300;

/**
 * The leading person's signature (docs/product/certificates.md#signature): checked by its bytes like every
 * upload (JPEG, PNG, WebP; 10 MB; 64 megapixels), re-encoded by sharp to a PNG on white without metadata, at
 * most 900 × 300 (never enlarged), so the PDF embeds it without decoding an alpha channel on every render.
 * Stored under a key with 64 random bits: `/uploads` serves images to whoever knows the key, and nobody can
 * guess this one. The file it replaces is deleted after the commit.
 */
export async function uploadCertificateSignature(
  deps: { db: Db; storage: FileStorage },
  input: { eventId: string; bytes: Buffer; now?: Date },
): Promise<{ ok: true }> {
  const eventId = await assertEventExists(deps.db, input.eventId);
  const body = await reencodeSignature(input.bytes);
  const now = input.now ?? new Date();
  const key = `certificates/signatures/${eventId}-${now.getTime()}-${randomBytes(8).toString('hex')}.png`;
  await deps.storage.put(key, body, 'image/png');
  let previous: string | null = null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      await tx.insert(certificateSettings).values({ eventId }).onConflictDoNothing();
      const [row] = await tx
        .select({ key: certificateSettings.signatureKey })
        .from(certificateSettings)
        .where(eq(certificateSettings.eventId, eventId))
        .for('update');
      await tx
        .update(certificateSettings)
        .set({ signatureKey: key, updatedAt: now })
        .where(eq(certificateSettings.eventId, eventId));
      return row?.key ?? null;
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous && !(await stillUsed(deps.db, previous)))
    await deps.storage.delete(previous).catch(() => undefined);
  return { ok: true };
}

/** Removes the signature from the settings; certificates issued with it keep it (their document names it). */
export async function removeCertificateSignature(
  deps: { db: Db; storage: FileStorage },
  input: { eventId: string },
): Promise<{ ok: true }> {
  const eventId = await assertEventExists(deps.db, input.eventId);
  const [row] = await deps.db
    .select({ key: certificateSettings.signatureKey })
    .from(certificateSettings)
    .where(eq(certificateSettings.eventId, eventId));
  if (!row?.key) return { ok: true };
  await deps.db
    .update(certificateSettings)
    .set({ signatureKey: null })
    .where(eq(certificateSettings.eventId, eventId));
  if (!(await stillUsed(deps.db, row.key))) await deps.storage.delete(row.key).catch(() => undefined);
  return { ok: true };
}

/** An issued certificate whose PDF is not made yet still needs the image. */
async function stillUsed(db: Db, key: string): Promise<boolean> {
  // the key each certificate was issued with (its document; docs/product/certificates.md#document)
  const rows = await db.execute<{ one: number }>(
    sql`SELECT 1 AS one FROM certificates WHERE document->>'signatureKey' = ${key} LIMIT 1`,
  );
  return rows.rows.length > 0;
}

function reencodeSignature(bytes: Buffer): Promise<Buffer> {
  return reencodeUpload(bytes, (image) =>
    image
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 }),
  );
}

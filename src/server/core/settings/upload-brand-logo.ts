import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type LogoVariant,
} from '@shared/admin-settings';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/types';
import { appSettings } from '../../db/schema';
import { AppError } from '../app-error';
import { publishEventChange } from '../events/event-changes';
import { sanitizeSvg } from './sanitize-svg';
import { mergeSettingRow } from './setting-rows';
import type { SettingsStore } from './settings-store';

/** Raster formats sharp must recognise in the bytes; SVG is told apart by its text. */
const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp']);
const MAX_INPUT_PIXELS = 64_000_000;
/** Recommended 1:1 and at least 512×512; larger ones are scaled down, never up. */
const MAX_EDGE = 1024;

const FIELD: Record<LogoVariant, 'logoLightUrl' | 'logoDarkUrl'> = {
  light: 'logoLightUrl',
  dark: 'logoDarkUrl',
};

export interface UploadBrandLogoOptions {
  db: Db;
  storage: FileStorage;
  settings: SettingsStore;
  variant: LogoVariant;
  bytes: Buffer;
  now?: Date;
}

/**
 * A light or dark logo, checked by content (docs/product/admin.md#logos-checked):
 * PNG, JPEG and WebP are re-encoded to PNG by sharp (PNG keeps transparency and is what PDFs and e-mail
 * clients read), SVG is sanitised. Stored under `branding/logo/uploads/`, saved in brand.logo…Url; the
 * logo it replaces is deleted afterwards.
 */
export async function uploadBrandLogo(options: UploadBrandLogoOptions): Promise<{ ok: true; url: string }> {
  const { db, storage, settings, variant, bytes, now = new Date() } = options;
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError('payload_too_large', LOGO_TOO_LARGE_MESSAGE);
  const file = looksLikeMarkup(bytes) ? await cleanSvg(bytes) : await reencodeRaster(bytes);

  const key = `branding/logo/uploads/${variant}-${now.getTime()}.${file.extension}`;
  const url = await storage.put(key, file.body, file.contentType);
  const field = FIELD[variant];
  let previous: string | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      // the brand row is locked, so two uploads of one variant cannot both delete the same old file
      await tx.insert(appSettings).values({ key: 'brand', value: {} }).onConflictDoNothing();
      const [row] = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, 'brand'))
        .for('update');
      await mergeSettingRow(tx, 'brand', { [field]: url });
      await publishEventChange(tx, null); // other app instances drop their cached settings
      const old = (row?.value as Record<string, unknown> | undefined)?.[field];
      return typeof old === 'string' ? old : null;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  settings.invalidate();
  const oldKey = previous ? storage.keyOf(previous) : null;
  if (oldKey && oldKey !== key) await storage.delete(oldKey).catch(() => undefined);
  return { ok: true, url };
}

interface LogoFile {
  body: Buffer;
  contentType: string;
  extension: 'png' | 'svg';
}

/** Raster formats never begin with '<'; an SVG (after an optional BOM and white space) always does. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return head.trimStart().startsWith('<');
}

async function cleanSvg(bytes: Buffer): Promise<LogoFile> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('bad_request', LOGO_TYPE_MESSAGE);
  }
  const clean = await sanitizeSvg(text);
  if (!clean) throw new AppError('bad_request', LOGO_TYPE_MESSAGE);
  return { body: Buffer.from(clean, 'utf8'), contentType: 'image/svg+xml', extension: 'svg' };
}

async function reencodeRaster(bytes: Buffer): Promise<LogoFile> {
  let metadata: sharp.Metadata;
  try {
    // header only, so no pixel limit: sharp's default one would refuse a huge canvas as 'not an image'
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('bad_request', LOGO_TYPE_MESSAGE);
  }
  if (!metadata.format || !RASTER_FORMATS.has(metadata.format)) {
    throw new AppError('bad_request', LOGO_TYPE_MESSAGE);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('payload_too_large', 'Das Bild hat zu viele Pixel (höchstens 64 Megapixel).');
  }
  try {
    const body = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before metadata is dropped
      .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { body, contentType: 'image/png', extension: 'png' };
  } catch {
    throw new AppError('bad_request', 'Das Bild konnte nicht gelesen werden. Bitte ein anderes Bild wählen.');
  }
}

import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@shared/image-upload';
import { AppError } from '../app-error';

/** Formats sharp must recognise in the bytes (JPEG, PNG, WebP); name and declared type do not count. */
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Decoding cost bound: a small file can still claim a huge canvas (decompression bomb). */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * Uploads are checked by content, size-limited and re-encoded (docs/product/admin.md#image-uploads): refuses
 * anything that is not a JPEG, PNG or WebP by its bytes, then answers a WebP of exactly width × height (cover
 * crop, EXIF orientation applied, metadata such as the GPS position dropped). Used for profile images (512 ×
 * 512) and event covers.
 */
export async function reencodeImage(bytes: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return reencodeUpload(bytes, (image) =>
    image.resize(size.width, size.height, { fit: 'cover' }).webp({ quality: 85 }),
  );
}

/**
 * The checks every uploaded image passes (its bytes a JPEG, PNG or WebP, at most IMAGE_MAX_BYTES and 64
 * megapixels), then `shape` on it with the EXIF orientation applied; metadata is dropped by re-encoding. Each
 * refusal is a German AppError.
 */
export async function reencodeUpload(
  bytes: Buffer,
  shape: (image: sharp.Sharp) => sharp.Sharp,
): Promise<Buffer> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
  let metadata: sharp.Metadata;
  try {
    // Reads the header only, so no pixel limit here: sharp's default one would make a huge canvas fail as
    // 'not an image' instead of reaching the pixel check below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
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
    return await shape(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()).toBuffer();
  } catch {
    // Recognised header, broken or oversized body.
    throw new AppError('bad_request', 'Das Bild konnte nicht gelesen werden. Bitte ein anderes Bild wählen.');
  }
}

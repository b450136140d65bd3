import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** 4 × the PDF's 220 x 48 pt logo box: about 300 dpi, however large the caller's raster is. */
const MAX_WIDTH = 880;
const MAX_HEIGHT = 192;
const CACHE_SIZE = 8;
const cache = new Map<string, Promise<Buffer | null>>();

/**
 * The logo as pdfkit embeds it fastest: a PNG without alpha (flattened onto the page's white) or the JPEG as
 * it is. pdfkit splits an alpha channel from the colours pixel by pixel in JavaScript on every render, which
 * would cost more than the rest of the ticket. The result is cached by content, as every ticket of a shop
 * carries the same logo. Null when sharp cannot read the bytes (the ticket then prints the word mark).
 */
export function pdfLogo(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes) return Promise.resolve(null);
  const key = createHash('sha256').update(bytes).digest('base64');
  let prepared = cache.get(key);
  if (!prepared) {
    prepared = prepare(bytes);
    cache.set(key, prepared);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return prepared;
}

async function prepare(bytes: Buffer): Promise<Buffer | null> {
  try {
    const meta = await sharp(bytes).metadata();
    const small = (meta.width ?? 0) <= MAX_WIDTH && (meta.height ?? 0) <= MAX_HEIGHT;
    if (small && !meta.hasAlpha && meta.format === 'jpeg') return bytes;
    return await sharp(bytes)
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

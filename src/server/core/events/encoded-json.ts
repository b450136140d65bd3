import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type ContentEncoding = 'br' | 'gzip';

/**
 * An answer (JSON, a rendered page) serialized once, with a weak ETag (the same for every encoding of it)
 * and its gzip and brotli variants, compressed off the event loop (zlib's thread pool) once and then reused.
 */
export class EncodedBody {
  readonly body: Buffer;
  readonly etag: string;
  private readonly variants = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(text: string) {
    this.body = Buffer.from(text, 'utf8');
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  /** Starts both compressions now, so the first compressed request does not wait for them. */
  precompute(): this {
    void this.encoded('br').catch(() => undefined);
    void this.encoded('gzip').catch(() => undefined);
    return this;
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant =
        encoding === 'br'
          ? brotliAsync(this.body, {
              // quality 11 is several times slower for a few per cent; this runs after every change
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipAsync(this.body, { level: 9 });
      this.variants.set(encoding, variant);
    }
    return variant;
  }
}

/** A JSON answer: the value serialized once. */
export class EncodedJson extends EncodedBody {
  constructor(value: unknown) {
    super(JSON.stringify(value));
  }
}

/** The best encoding the client accepts, for bodies where compressing pays (over 1 KB). */
export function pickEncoding(
  answer: EncodedBody,
  acceptEncoding: string | undefined,
): ContentEncoding | null {
  if (answer.body.length <= 1024 || !acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

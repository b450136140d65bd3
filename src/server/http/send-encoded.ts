import type { Context } from 'hono';
import { pickEncoding, type EncodedBody } from '../core/events/encoded-json';

/**
 * Sends an answer serialized in advance (the event API, server-rendered pages): revalidated on every use,
 * 304 on a matching ETag, brotli or gzip when accepted.
 */
export async function sendEncoded(
  c: Context,
  answer: EncodedBody,
  options: { contentType: string; varyCookie?: boolean; status?: 200 | 404; cacheControl?: string },
) {
  c.header('ETag', answer.etag);
  c.header('Cache-Control', options.cacheControl ?? 'no-cache');
  c.header('Vary', options.varyCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => weakMatch(tag, answer.etag))) {
    return c.body(null, 304);
  }
  c.header('Content-Type', options.contentType);
  const status = options.status ?? 200;
  const encoding = pickEncoding(answer, c.req.header('Accept-Encoding'));
  if (!encoding) return c.body(view(answer.body), status);
  c.header('Content-Encoding', encoding);
  return c.body(view(await answer.encoded(encoding)), status);
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly (W/ ignored). */
const weakMatch = (tag: string, etag: string) => {
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  return tag.trim() === '*' || bare(tag) === bare(etag);
};

/** The bytes without a copy (Buffer is a Uint8Array, typed over any ArrayBuffer). */
const view = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

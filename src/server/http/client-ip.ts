import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const PROXY_PEER = /^(127\.|::1$|::ffff:127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|fc|fd)/;

/**
 * The client's address for per-client rate limits. X-Forwarded-For is believed only when the direct peer
 * is a local or private address (our reverse proxy), and then only its last entry (the one the proxy added),
 * so a client cannot pick its own identity.
 */
export function clientIp(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // app.request() in tests has no socket
  }
  const forwarded = c.req.header('X-Forwarded-For');
  if (forwarded && (!peer || PROXY_PEER.test(peer))) {
    const hops = forwarded
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    return hops.at(-1) ?? peer ?? 'unknown';
  }
  return peer ?? 'unknown';
}

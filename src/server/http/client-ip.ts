import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { TrustProxy } from '../config';
import type { AppEnv } from './context';
import { inRanges, peerAddress } from './peer-address';

/**
 * The client's address for per-client rate limits (docs/decisions/016). X-Forwarded-For is read only as far
 * as TRUST_PROXY vouches for it; without that setting the direct peer counts, since anyone can send the
 * header. A request without a socket (app.request() in tests) has no address: 'unknown'.
 */
export function clientIp(c: Context<AppEnv>): string {
  return resolveClientIp(peerAddress(c), c.req.header('X-Forwarded-For'), c.get('deps').config.trustProxy);
}

export function resolveClientIp(peer: string | undefined, forwarded: string | undefined, trust: TrustProxy) {
  if (!peer) return 'unknown';
  const hops = (forwarded ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if ('hops' in trust) {
    // Each of our N proxies appended the address it saw: the N-th entry from the right is the client.
    return normalized(
      trust.hops === 0 || hops.length === 0 ? peer : hops[Math.max(0, hops.length - trust.hops)]!,
    );
  }
  // From the peer leftwards, past every address of our own proxies; the first other one is the client.
  const trusted = rangesOf(trust.ranges);
  let client = peer;
  for (let i = hops.length - 1; i >= 0 && inRanges(trusted, client); i--) client = hops[i]!;
  return normalized(client);
}

// A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; one client keeps one key either way.
const normalized = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

const blockLists = new WeakMap<string[], BlockList>();

function rangesOf(ranges: string[]): BlockList {
  let list = blockLists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const [address = '', prefix] = range.split('/');
      const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    blockLists.set(ranges, list);
  }
  return list;
}

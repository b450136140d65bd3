import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address at the other end of the TCP connection, never a header (docs/decisions/016). Undefined when
 * the request did not come through @hono/node-server's socket: app.request() without the `incoming` binding.
 * That does not happen behind `serve()`, and callers treat it like an unknown remote client.
 */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4'); // also matches the IPv4-mapped ::ffff:127.x of a dual-stack socket
loopback.addAddress('::1', 'ipv6');

/** Whether an address lies in one of the ranges of a BlockList (false for anything that is not an IP). */
export function inRanges(ranges: BlockList, address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && ranges.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

export const isLoopbackAddress = (address: string | undefined) => inRanges(loopback, address);

/** The direct peer is a loopback address (a proxy on this machine is one too: see `isLocalRequest`). */
export const isLoopbackPeer = (c: Context) => isLoopbackAddress(peerAddress(c));

/** Headers a proxy adds to say it passed a request on, or for whom (any `X-Forwarded-*` besides these). */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
]);

/** Whether the request carries a header that only a proxy (or someone posing as one) sends. */
export function carriesForwardingHeader(c: Context): boolean {
  for (const name of c.req.raw.headers.keys()) {
    if (FORWARDING_HEADERS.has(name) || name.startsWith('x-forwarded-')) return true;
  }
  return false;
}

/**
 * The client sits on this machine: the direct peer is a loopback address and the request names no proxy
 * (docs/decisions/046). A reverse proxy on this machine connects from loopback on behalf of anyone, so
 * a forwarding header of any kind, whatever its value, makes a request not local.
 */
export const isLocalRequest = (c: Context) => isLoopbackPeer(c) && !carriesForwardingHeader(c);

/** HOST values on which only this machine can reach the server. */
export const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

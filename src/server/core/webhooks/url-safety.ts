import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@shared/webhooks';
import { AppError } from '../app-error';

/** Resolves a host name to all its addresses (node:dns by default; tests answer themselves). */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

// c-ares, not getaddrinfo: a resolver that does not answer must not hold the threads of libuv's pool, which
// the server's compression and file reads share; 3 s per try, 2 tries
const resolver = new Resolver({ timeout: 3000, tries: 2 });

/** DNS's A and AAAA answers; 'localhost' is this machine (it is refused as loopback unless allowed). */
export const systemLookup: HostLookup = async (hostname) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const answers = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (answers.length === 0) throw new Error(`${hostname} not found`);
  return answers;
};

/** Why a URL is refused: the German text for the admin, kept as a delivery's error at send time. */
export class UnsafeWebhookUrl extends Error {
  override name = 'UnsafeWebhookUrl';
}

/**
 * The address may be reached from the shop: only global unicast. Loopback, private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT, link-local (169.254/16 with the clouds' metadata service, fe80::/10), unique-local
 * (fc00::/7), multicast, unspecified, broadcast and reserved ranges are refused, an IPv4-mapped IPv6 address as
 * its IPv4 address (docs/product/webhooks.md#ssrf).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * The URL's form (docs/product/webhooks.md#ssrf): http or https, no user or password. Answers the parsed URL;
 * throws UnsafeWebhookUrl with the German reason.
 */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlProtocol);
  if (url.username || url.password) throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlCredentials);
  if (!url.hostname) throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlInvalid);
  return url;
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the URL's host and answers the address to connect to, checked: every address the name resolves to
 * must be public (a name with one private answer among public ones is refused, so no answer can be picked to
 * reach the inside). The request then goes to exactly this address (docs/product/webhooks.md#ssrf).
 */
export async function resolveWebhookAddress(
  url: URL,
  options: { allowPrivate: boolean; lookup?: HostLookup },
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  let answers: { address: string; family: number }[];
  if (ipaddr.isValid(host)) answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      answers = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlUnresolvable);
    }
  }
  if (answers.length === 0) throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlUnresolvable);
  if (!options.allowPrivate && answers.some((answer) => !isPublicAddress(answer.address))) {
    throw new UnsafeWebhookUrl(WEBHOOK_MESSAGES.urlPrivate);
  }
  const [first] = answers;
  return { address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** The check at saving: the form and the resolved addresses; a refusal is a 422 on `url`. */
export async function assertWebhookUrl(
  value: string,
  options: { allowPrivate: boolean; lookup?: HostLookup },
): Promise<string> {
  try {
    const url = parseWebhookUrl(value);
    await resolveWebhookAddress(url, options);
    return url.href;
  } catch (error) {
    if (!(error instanceof UnsafeWebhookUrl)) throw error;
    throw new AppError('validation_failed', error.message, [{ path: 'url', message: error.message }]);
  }
}

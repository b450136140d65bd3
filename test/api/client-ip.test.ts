import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type TrustProxy } from '@server/config';
import type { Database } from '@server/db/client';
import { session as sessionTable, user as userTable } from '@server/db/schema';
import { resolveClientIp } from '@server/http/client-ip';
import { createTestApp, peer } from '../helpers/app';
import { signIn } from '../helpers/auth';
import { createTestDatabase } from '../helpers/db';

// docs/decisions/016: X-Forwarded-For counts only as far as TRUST_PROXY vouches for it.
const none: TrustProxy = { hops: 0 };

describe('resolveClientIp', () => {
  it('takes the peer and ignores X-Forwarded-For without TRUST_PROXY, even from a private peer', () => {
    expect(resolveClientIp('172.17.0.1', '203.0.113.9', none)).toBe('172.17.0.1');
    expect(resolveClientIp('10.0.0.5', '1.1.1.1, 203.0.113.9', none)).toBe('10.0.0.5');
    expect(resolveClientIp('127.0.0.1', '203.0.113.9', none)).toBe('127.0.0.1');
    expect(resolveClientIp('198.51.100.7', undefined, none)).toBe('198.51.100.7');
  });

  it('takes the N-th entry from the right with a hop count', () => {
    const chain = '6.6.6.6, 203.0.113.9, 10.0.0.2';
    expect(resolveClientIp('10.0.0.1', chain, { hops: 1 })).toBe('10.0.0.2');
    expect(resolveClientIp('10.0.0.1', chain, { hops: 2 })).toBe('203.0.113.9');
    // fewer entries than proxies: the furthest one there is
    expect(resolveClientIp('10.0.0.1', '203.0.113.9', { hops: 3 })).toBe('203.0.113.9');
    expect(resolveClientIp('10.0.0.1', undefined, { hops: 1 })).toBe('10.0.0.1');
  });

  it('walks past trusted addresses from the right with a range list', () => {
    const trust: TrustProxy = { ranges: ['10.0.0.0/8', 'fd00::/8', '192.0.2.7'] };
    // a client reaching the app directly cannot name another client
    expect(resolveClientIp('198.51.100.7', '203.0.113.9', trust)).toBe('198.51.100.7');
    // behind our proxies, a forged entry left of the real client is never reached
    expect(resolveClientIp('10.0.0.1', '6.6.6.6, 203.0.113.9, 192.0.2.7', trust)).toBe('203.0.113.9');
    expect(resolveClientIp('fd12::1', '2001:db8::5', trust)).toBe('2001:db8::5');
    // IPv4 peers of a dual-stack socket match IPv4 ranges and are keyed without the ::ffff: prefix
    expect(resolveClientIp('::ffff:10.1.2.3', '203.0.113.9', trust)).toBe('203.0.113.9');
    expect(resolveClientIp('::ffff:198.51.100.7', '203.0.113.9', trust)).toBe('198.51.100.7');
    // every entry ours: the furthest
    expect(resolveClientIp('10.0.0.1', '10.0.0.3, 10.0.0.2', trust)).toBe('10.0.0.3');
    // an entry that is no address is not ours: it ends the walk
    expect(resolveClientIp('10.0.0.1', '203.0.113.9, unknown', trust)).toBe('unknown');
  });

  it('has no address for a request without a socket', () => {
    expect(resolveClientIp(undefined, '203.0.113.9', { hops: 1 })).toBe('unknown');
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) =>
    loadConfig({ DATA_DIR: '/tmp/x', APP_SECRET: 'x'.repeat(32), TRUST_PROXY: value });

  it('defaults to none and reads hop counts and address lists', () => {
    expect(parse().trustProxy).toEqual({ hops: 0 });
    expect(parse('').trustProxy).toEqual({ hops: 0 });
    expect(parse('2').trustProxy).toEqual({ hops: 2 });
    expect(parse('10.0.0.0/8, fd00::/8,192.0.2.7').trustProxy).toEqual({
      ranges: ['10.0.0.0/8', 'fd00::/8', '192.0.2.7'],
    });
  });

  it.each(['yes', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', '10.0.0.0/x', ','])('refuses %j', (value) => {
    expect(() => parse(value)).toThrow(ConfigError);
    expect(() => parse(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('per-client rate limits through the app', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** Owner setup allows ten tries per client in ten minutes; each try below names another client. */
  async function triesWithRotatingHeader(env: Record<string, string>, from: string) {
    const t = await createTestApp({ database, env });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.request(
        '/api/setup/owner',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i + 1}` },
          body: JSON.stringify({ email: 'owner@example.org', token: 'falsch' }),
        },
        peer(from),
      );
      statuses.push(res.status);
    }
    return statuses;
  }

  it('cannot be dodged with X-Forwarded-For when no proxy is trusted, even from a Docker bridge address', async () => {
    const statuses = await triesWithRotatingHeader({ TRUST_PROXY: '' }, '172.17.0.1');
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it('counts the forwarded client when the peer is a trusted proxy', async () => {
    const statuses = await triesWithRotatingHeader({ TRUST_PROXY: '172.16.0.0/12' }, '172.17.0.2');
    expect(statuses).not.toContain(429);
  });

  it('keeps no spoofable address in the session row (better-auth reads X-Forwarded-For by itself)', async () => {
    const t = await createTestApp({ database });
    const { email } = await signIn(t, undefined, '203.0.113.77');
    const rows = await database.db
      .select({ ipAddress: sessionTable.ipAddress })
      .from(sessionTable)
      .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
      .where(eq(userTable.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ipAddress).toBeFalsy();
  });
});

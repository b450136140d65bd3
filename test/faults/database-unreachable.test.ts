import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { databaseUnavailableCause, DatabaseTimeoutError } from '@server/db/database-unavailable';
import { createEvent } from '@server/demo/factories';
import { createApp } from '@server/http/app';
import { createLogger } from '@server/logger';
import { createServices } from '@server/services';
import { createTestDatabase } from '../helpers/db';
import { startPausableProxy, type PausableProxy } from '../helpers/pausable-proxy';
import { printFigures } from './support/figures';

// Issue 11 "Must fix" 2: with the database black-holed, health, API and pages answered nothing until it came
// back. Now every wait is bounded (docs/decisions/015-database-faults.md).

const MESSAGE = 'Die Datenbank antwortet gerade nicht. Bitte versuche es gleich noch einmal.';

describe('database timeouts', () => {
  it('reach the pool: 5 s to connect, 10 s per statement on the server and 11 s on the client', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    expect(database.pool!.options).toMatchObject({
      connectionTimeoutMillis: 5000,
      statement_timeout: 10_000,
      query_timeout: 11_000,
      max: 20,
    });
    await database.close();
    const small = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolMax: 6 });
    expect(small.pool!.options.max).toBe(6); // DATABASE_POOL_MAX
    await small.close();
  });

  it('count as "the database does not answer" (503), also wrapped by Drizzle; bad queries do not', () => {
    const sqlError = (code: string) => Object.assign(new Error('x'), { code });
    const wrapped = (cause: Error) => new DrizzleQueryError('select 1 where name = $1', ['Erika'], cause);
    for (const error of [
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      new Error('Connection terminated unexpectedly'),
      sqlError('ECONNREFUSED'),
      sqlError('57014'), // statement_timeout
      sqlError('57P01'), // pg_terminate_backend
      new DatabaseTimeoutError('no answer within 1500 ms'),
    ]) {
      expect(databaseUnavailableCause(error)).toBe(error);
      expect(databaseUnavailableCause(wrapped(error))).toBe(error);
    }
    for (const error of [sqlError('23505'), new Error('boom'), wrapped(sqlError('42P01'))]) {
      expect(databaseUnavailableCause(error)).toBeUndefined();
    }
  });
});

interface Instance {
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** The app as main.ts wires it (timeouts from the environment), behind a real HTTP server. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-faults-web-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>',
  );
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ticketshop-faults-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const logger = createLogger('silent');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl!,
    timeouts: config.databaseTimeouts,
    logger,
  });
  // the seat feed stays off: the event cache then reads the database on every request, as it does while
  // the feed is disconnected, so /api/events must reach the database here
  const app = createApp({ ...createServices(config, database, logger), webRoot });
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    database,
    close: async () => {
      server.close();
      await database.close();
    },
  };
}

/** One request with its duration; gives up after 8 s so a hang fails the test instead of stalling it. */
async function timed(url: string) {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
  const body = await res.text();
  return { status: res.status, ms: Math.round(performance.now() - started), body, headers: res.headers };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database that stops answering', () => {
  let direct: Database;
  let proxy: PausableProxy;
  /** short timeouts, as an operator may set them */
  let tuned: Instance;
  /** no timeouts set: the defaults */
  let plain: Instance;

  beforeAll(async () => {
    direct = await createTestDatabase();
    const url = new URL(String(direct.pool!.options.connectionString));
    proxy = await startPausableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = proxy.host;
    url.port = String(proxy.port);
    tuned = await startInstance({
      DATABASE_URL: url.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    });
    plain = await startInstance({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    proxy?.resume();
    await tuned?.close();
    await plain?.close();
    await proxy?.close();
    await direct?.close();
  });

  it('answers 503 in German instead of hanging, and 200 again once the database is back', async () => {
    await createEvent(direct.db, { title: 'Trotz Ausfall' });
    // through the proxy, so each app holds an open, idle connection when the database goes quiet
    expect((await timed(`${tuned.url}/api/health`)).status).toBe(200);
    expect((await timed(`${plain.url}/api/health`)).status).toBe(200);

    proxy.pause();
    try {
      // first alone, so it gets the open connection: the query is sent and never answered
      const list = await timed(`${tuned.url}/api/events`);
      // then on new connections, which never finish connecting
      const [health, healthPlain, page] = await Promise.all([
        timed(`${tuned.url}/api/health`),
        timed(`${plain.url}/api/health`),
        timed(`${tuned.url}/`),
      ]);
      const answers = [list, page, health, healthPlain];
      printFigures('database black-holed', {
        'faults injected': 1,
        'requests answered': answers.length,
        '5xx': answers.filter((answer) => answer.status >= 500).length,
        'GET /api/events ms (query on an open connection)': list.ms,
        'GET / ms (new connection)': page.ms,
        'GET /api/health ms': health.ms,
        'GET /api/health ms (default timeouts)': healthPlain.ms,
      });
      for (const answer of [health, healthPlain]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(2000);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', database: 'postgres' });
      }
      // statement 1000 ms (+1000 ms on the client), connect 500 ms: bounded well below the 8 s give-up
      expect(list.status).toBe(503);
      expect(list.ms).toBeLessThan(4000);
      expect(JSON.parse(list.body)).toEqual({ error: { code: 'unavailable', message: MESSAGE } });
      expect(list.headers.get('retry-after')).toBe('5');
      expect(page.status).toBe(503);
      expect(page.ms).toBeLessThan(4000);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.body).toContain(MESSAGE);
    } finally {
      proxy.resume();
    }

    const recovered = performance.now();
    for (const url of [`${tuned.url}/api/health`, `${tuned.url}/api/events`, `${tuned.url}/`]) {
      await until(async () => (await timed(url)).status === 200, `${url} to answer 200 again`);
    }
    await until(async () => (await timed(`${plain.url}/api/health`)).status === 200, 'the defaults app');
    const events = JSON.parse((await timed(`${tuned.url}/api/events`)).body) as { title: string }[];
    expect(events.map((event) => event.title)).toContain('Trotz Ausfall');
    printFigures('database answering again', {
      'ms until health, events and page answer 200': Math.round(performance.now() - recovered),
    });
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { createLogger } from '@server/logger';

// Instances started together on a new release migrate and seed one after the other
// (docs/architecture.md#several-instances): without the advisory lock, two of three failed with a duplicate key.
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `ticketshop_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('migrations of instances that start together', () => {
  afterAll(async () => {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('run once, one instance after the other, with the work after them inside the lock', async () => {
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), logger: createLogger('silent') })),
    );
    let inside = 0;
    let overlapped = false;
    const seeded: number[] = [];
    try {
      await Promise.all(
        instances.map((database, index) =>
          database.migrate(async () => {
            inside += 1;
            if (inside > 1) overlapped = true;
            seeded.push(index);
            await new Promise((resolve) => setImmediate(resolve));
            inside -= 1;
          }),
        ),
      );
      expect(overlapped).toBe(false);
      expect(seeded.sort()).toEqual([0, 1, 2]);
      const applied = await instances[0]!.pool!.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const files = (await import('node:fs'))
        .readdirSync('src/server/db/migrations')
        .filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0].n).toBe(files.length);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
    }
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

// Deterministic interleavings on PostgreSQL (decision 045): a gate is a second connection that holds a row
// lock, so the transaction under test stops at the statement that needs the row, exactly there; the test
// then starts the other operation, waits until it has either finished or stopped at a lock too, and opens
// the gate. No sleeping for luck: each step waits for a state the database reports (pg_stat_activity).

export interface Gate {
  /** Commits the gate's transaction: whoever waits for its row goes on. */
  open(): Promise<void>;
}

/** Begins a transaction on its own connection and runs `lockSql` (a SELECT … FOR UPDATE) in it. */
export async function closeGate(pool: pg.Pool, lockSql: string, params: unknown[]): Promise<Gate> {
  const client = await pool.connect();
  await client.query('BEGIN');
  const locked = await client.query(lockSql, params);
  if (locked.rowCount === 0) {
    await client.query('ROLLBACK');
    client.release();
    throw new Error(`the gate locked nothing: ${lockSql}`);
  }
  return {
    open: async () => {
      await client.query('COMMIT');
      client.release();
    },
  };
}

/** Sessions of this database waiting for a lock right now. */
export async function lockWaiters(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
}

/**
 * Resolves when `waiters` sessions wait for a lock, or as soon as `unless` settles (the operation finished
 * without waiting: nothing held it up). Answers which of the two happened.
 */
export async function untilWaiting(
  pool: pg.Pool,
  waiters: number,
  unless?: Promise<unknown> | Response,
): Promise<'waiting' | 'settled'> {
  let settled = false;
  const done = () => {
    settled = true;
  };
  if (unless) void Promise.resolve(unless).then(done, done);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (settled) return 'settled';
    if ((await lockWaiters(pool)) >= waiters) return 'waiting';
    if (Date.now() > deadline) throw new Error(`no ${waiters} lock waiter(s) within 15 s`);
    await sleep(2);
  }
}

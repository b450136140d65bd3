// A bank statement imported end to end (issue 29, docs/product/bank-transfer.md#statement-import): the CAMT.053
// file of bank-import.mjs with 10,000 lines, against 10,000 bookings that wait for a transfer, uploaded to the
// running server on PostgreSQL. Prints the time until the answer (target ≤ 10 s; one transaction per line took
// 70.8 s for 8,000) and the slowest GET /api/health while the file was read and stored (target < 100 ms while
// it is read: docs/product/bank-transfer.md#hostile-files). Runs dist/server/main.js or, before a build or with
// BENCH_FROM_SOURCE=1, the sources through tsx; creates the scratch database `ticketshop_bench_bank` on
// BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and drops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generate, statement } from './bank-import.mjs';
import { bundleFromSource, serverEnv, signInAdmin, waitForHealth } from './support.mjs';

const DATABASE = 'ticketshop_bench_bank';
const PORT = 3194;
const BASE = `http://127.0.0.1:${PORT}`;
const LINES = 10_000;

export async function benchBankImportDb({
  serverUrl = process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres',
} = {}) {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.href;
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-bank-'));
  const built = existsSync('dist/server/main.js') && !process.env.BENCH_FROM_SOURCE;
  const args = built ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, args, {
    env: serverEnv(PORT, dataDir, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT);
    const cookie = await signInAdmin(BASE, databaseUrl, 'bench-bank-admin@example.org');
    const settings = await fetch(`${BASE}/api/admin/settings/bank-transfer`, {
      method: 'PUT',
      headers: { cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        accountHolder: 'Bench GmbH',
        iban: 'DE89370400440532013000',
        bic: '',
        minDaysBeforeStart: 10,
      }),
    });
    if (!settings.ok) throw new Error(`bank settings answered ${settings.status}`);
    const { 'bank-reference': shared } = await bundleFromSource({
      'bank-reference': 'src/shared/bank-transfer.ts',
    });
    const generated = generate(LINES);
    await insertOpenTransfers(databaseUrl, generated.bookings);
    const { xml } = statement(generated, shared.referenceCheckCharacter);

    let answered = false;
    const health = [];
    const form = new FormData();
    form.append('file', new Blob([xml]), 'umsaetze.xml');
    const started = performance.now();
    const upload = fetch(`${BASE}/api/admin/bank-statements`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
      .then(async (res) => ({ status: res.status, body: await res.json() }))
      .finally(() => {
        answered = true;
      });
    while (!answered) {
      const asked = performance.now();
      await fetch(`${BASE}/api/health`);
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { status, body } = await upload;
    const seconds = (performance.now() - started) / 1000;
    if (status !== 200) throw new Error(`import answered ${status}: ${JSON.stringify(body)}`);
    console.log(
      `server: ${built ? 'dist/server/main.js' : 'src/server/main.ts via tsx (no build)'}, PostgreSQL`,
    );
    console.log(
      `CAMT.053, ${LINES} lines (${(xml.length / 1024 / 1024).toFixed(1)} MB), ${LINES} open bookings: answered in ${seconds.toFixed(2)} s`,
    );
    const { matched, partial, overpaid, unmatched, ignored } = body;
    console.log(`  ${JSON.stringify({ matched, partial, overpaid, unmatched, ignored })}`);
    console.log(
      `GET /api/health meanwhile: slowest ${Math.max(...health).toFixed(0)} ms of ${health.length} (read and store)`,
    );
    return { seconds, slowestHealthMs: Math.max(...health), ...body };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

/** One event; per generated booking a pending booking with a due date and a pending 'bank_transfer' payment. */
async function insertOpenTransfers(databaseUrl, bookings) {
  await withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const {
      rows: [event],
    } = await client.query(`
      INSERT INTO events (slug, title, start_time, end_time, total_seats, available_seats, price_cents, status)
      VALUES ('bench-bank', 'Bench-Seminar', now() + interval '60 days', now() + interval '60 days 3 hours',
              100000, 100000 - ${bookings.length}, 1000, 'published')
      RETURNING id`);
    await client.query(
      `INSERT INTO bookings (order_number, event_id, quantity, seats, unit_price_cents, total_amount_cents, status,
         payment_due_at, hold_expires_at)
       SELECT o, $1, 1, 1, c, c, 'pending', now() + interval '7 days', now() + interval '9 days'
       FROM unnest($2::text[], $3::int[]) AS t(o, c)`,
      [event.id, bookings.map((b) => b.orderNumber), bookings.map((b) => b.owedCents)],
    );
    await client.query(`
      INSERT INTO payments (booking_id, provider, amount_cents, currency, idempotency_key)
      SELECT id, 'bank_transfer', total_amount_cents, 'EUR', 'booking-' || id || '-bank-transfer'
      FROM bookings WHERE event_id = '${event.id}'`);
    await client.query('COMMIT');
  });
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBankImportDb();

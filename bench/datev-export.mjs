// 'Buchhaltung' (docs/product/accounting.md#export): the DATEV Buchungsstapel of a month with 10,000 invoices,
// their 10,000 payments and 500 refunds with their cancellation invoices, on PostgreSQL. Prints the time of
// GET /api/admin/accounting/datev.csv (median and slowest of 5 after a warm-up), the file's size and lines,
// and checks the sums: every invoice once, the revenue account equal to the invoices' totals, the debtor
// settled. Runs the built server (dist/server/main.js) or, before a build or with BENCH_FROM_SOURCE=1, the
// sources through tsx. Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), on which it creates the scratch database
// `ticketshop_bench_datev` and drops it afterwards. Target: below 2 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEnv, signInAdmin, waitForHealth, withClient, withDatabase } from './support.mjs';

const DATABASE = 'ticketshop_bench_datev';
const PORT = 3196;
const BASE = `http://127.0.0.1:${PORT}`;
const RANGE = 'from=2026-03-01&to=2026-03-31';

export async function benchDatevExport({
  serverUrl = process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres',
  invoiceCount = 10_000,
  refundCount = 500,
  runs = 5,
} = {}) {
  const databaseUrl = withDatabase(serverUrl, DATABASE);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-datev-'));
  const built = existsSync('dist/server/main.js') && !process.env.BENCH_FROM_SOURCE;
  const args = built ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, args, {
    env: serverEnv(PORT, dataDir, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      SMTP_URL: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT);
    const cookie = await signInAdmin(BASE, databaseUrl, 'bench-datev-admin@example.org');
    const saved = await fetch(`${BASE}/api/admin/accounting/settings`, {
      method: 'PUT',
      headers: { cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        chart: 'skr03',
        consultantNumber: '1001',
        clientNumber: '1',
        debtorAccount: '10000',
        revenueAccounts: { small_business: '8195', education_exempt: '8100', vat_19: '8400', vat_7: '8300' },
        clearingAccounts: {
          card: '1360',
          paypal: '1361',
          sepa_debit: '1360',
          klarna: '1360',
          billie: '1360',
        },
        bankAccount: '1200',
      }),
    });
    if (!saved.ok) throw new Error(`accounting settings answered ${saved.status}`);
    const grossCents = await insertInvoices(databaseUrl, invoiceCount, refundCount);
    console.log(
      `server: ${built ? 'dist/server/main.js' : 'src/server/main.ts via tsx (no build)'}, PostgreSQL`,
    );
    console.log(
      `${invoiceCount} invoices, ${invoiceCount} payments, ${refundCount} refunds and cancellation invoices in March 2026`,
    );

    await exportOnce(cookie); // warm-up: JIT, plans, connections
    const times = [];
    let file;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      file = await exportOnce(cookie);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const slowest = times.at(-1);

    const text = new TextDecoder('latin1').decode(file);
    const rows = text
      .trimEnd()
      .split('\r\n')
      .slice(2)
      .map((line) => line.split(';'));
    const balance = new Map();
    for (const row of rows) {
      const cents = Number(row[0].replace(',', '')) * (row[1] === '"S"' ? 1 : -1);
      balance.set(row[6], (balance.get(row[6]) ?? 0) + cents);
      balance.set(row[7], (balance.get(row[7]) ?? 0) - cents);
    }
    const invoiceLines = rows.filter((row) => row[7] === '8400');
    const numbers = new Set(invoiceLines.map((row) => row[10]));
    const checks = {
      everyInvoiceOnce:
        invoiceLines.length === invoiceCount + refundCount && numbers.size === invoiceLines.length,
      revenueEqualsInvoices: -balance.get('8400') === grossCents,
      debtorSettled: balance.get('10000') === 0,
    };
    console.log(
      `GET datev.csv: median ${(median / 1000).toFixed(2)} s, slowest ${(slowest / 1000).toFixed(2)} s; ` +
        `${(file.length / 1024 / 1024).toFixed(1)} MB, ${rows.length} lines`,
    );
    console.log(`  sums checked: ${JSON.stringify(checks)}`);
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
    return { medianMs: median, slowestMs: slowest, bytes: file.length, lines: rows.length, checks };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

async function exportOnce(cookie) {
  const res = await fetch(`${BASE}/api/admin/accounting/datev.csv?${RANGE}`, { headers: { cookie } });
  const body = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`export answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
  return body;
}

/**
 * One event, one booking of 119 € per invoice (19 % tax) paid by test card (every tenth by PayPal), spread over
 * March 2026; the first `refunds` bookings get a refund of 59,50 € and its cancellation invoice. Answers the
 * invoices' total gross.
 */
async function insertInvoices(databaseUrl, count, refundCount) {
  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const {
      rows: [event],
    } = await client.query(`
      INSERT INTO events (slug, title, start_time, end_time, total_seats, available_seats, price_cents, status)
      VALUES ('bench-datev', 'Bench-Workshop – Übungstag', '2026-04-10T08:00:00Z', '2026-04-10T15:00:00Z',
              100000, 100000 - ${count}, 11900, 'published')
      RETURNING id`);
    await client.query(
      `INSERT INTO bookings (id, event_id, quantity, seats, unit_price_cents, total_amount_cents, status,
                             payment_status, holder_name, created_at, confirmed_at, order_number)
       SELECT md5('booking' || g)::uuid, $1, 1, 1, 11900, 11900, 'confirmed', 'paid', 'Käufer ' || g,
              '2026-03-01T06:00:00Z'::timestamptz + g * interval '4 minutes',
              '2026-03-01T06:00:00Z'::timestamptz + g * interval '4 minutes',
              'WR-' || lpad(g::text, 6, '0')
       FROM generate_series(1, ${count}) g`,
      [event.id],
    );
    await client.query(`
      INSERT INTO payments (id, booking_id, provider, amount_cents, status, idempotency_key, method, created_at, updated_at)
      SELECT md5('payment' || b.id)::uuid, b.id, 'test', 11900, 'succeeded', 'bench-' || b.id,
             CASE WHEN right(b.order_number, 1) = '0' THEN 'paypal' ELSE 'card' END, b.created_at, b.confirmed_at
      FROM bookings b`);
    const invoiceDocument = (kind, gross, number, corrects) => `jsonb_build_object(
        'kind', ${kind}, 'number', ${number}, 'issueDate', to_char(b.confirmed_at at time zone 'Europe/Berlin', 'YYYY-MM-DD'),
        'serviceDate', '10.04.2026', 'serviceStart', '2026-04-10', 'orderNumber', b.order_number,
        'eventTitle', 'Bench-Workshop – Übungstag', 'taxMode', 'vat_19', 'taxRatePercent', 19, 'grossCents', ${gross},
        'currency', 'EUR', 'lines', '[]'::jsonb, 'corrects', ${corrects})`;
    await client.query(`
      INSERT INTO invoices (id, number, kind, booking_id, issued_at, document, net_cents, tax_cents, gross_cents, currency)
      SELECT md5('invoice' || b.id)::uuid, 'RE-2026-' || lpad(g::text, 5, '0'), 'invoice', b.id, b.confirmed_at,
             ${invoiceDocument("'invoice'", 11900, "'RE-2026-' || lpad(g::text, 5, '0')", 'null')}, 10000, 1900, 11900, 'EUR'
      FROM (SELECT b.*, row_number() OVER (ORDER BY b.created_at) g FROM bookings b) b`);
    await client.query(`
      INSERT INTO refunds (id, payment_id, booking_id, amount_cents, status, created_at, updated_at)
      SELECT md5('refund' || b.id)::uuid, md5('payment' || b.id)::uuid, b.id, 5950, 'succeeded',
             b.confirmed_at + interval '1 hour', b.confirmed_at + interval '1 hour'
      FROM bookings b ORDER BY b.created_at LIMIT ${refundCount}`);
    await client.query(`
      INSERT INTO invoices (number, kind, booking_id, refund_id, corrects_invoice_id, issued_at, document,
                            net_cents, tax_cents, gross_cents, currency)
      SELECT 'RE-2026-' || lpad((${count} + g)::text, 5, '0'), 'cancellation', b.id, r.id, i.id, r.created_at,
             ${invoiceDocument("'cancellation'", -5950, `'RE-2026-' || lpad((${count} + g)::text, 5, '0')`, "jsonb_build_object('number', i.number)")},
             -5000, -950, -5950, 'EUR'
      FROM (SELECT r.*, row_number() OVER (ORDER BY r.created_at) g FROM refunds r) r
      JOIN bookings b ON b.id = r.booking_id JOIN invoices i ON i.booking_id = b.id AND i.kind = 'invoice'`);
    await client.query('COMMIT');
    await client.query('ANALYZE');
    const { rows } = await client.query('SELECT sum(gross_cents)::int AS gross FROM invoices');
    return rows[0].gross;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDatevExport();

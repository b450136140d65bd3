// Several instances (issue 14): throughput of one instance against three on the same PostgreSQL database and
// this machine, for a read served from memory (GET /api/events, 50 events, brotli as browsers ask) and for a
// write (POST /api/bookings, one ticket per request, 50 signed-in buyers in turn, paid event with seats
// enough). Three copies of the built server run side by side on one scratch database with one APP_SECRET;
// the client sends round-robin by connection, as a load balancer would: the same 50 connections either all
// to the first instance or split 17/17/16 over the three. Prints requests/s for 1 and 3, the ratio, the
// machine's cores and where the CPU time went (servers, PostgreSQL, this client, the rest of the machine),
// which says what limits the ratio. Needs `npm run build` and a PostgreSQL server (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on which it creates a scratch
// database and drops it afterwards. The correctness of several instances is test/cluster/cluster.test.ts.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { insertEvents } from './events-api.mjs';
import {
  benchServerUrl,
  insertBuyers,
  insertEvent,
  seatState,
  withClient,
  withDatabase,
} from './booking-setup.mjs';

const PORTS = [3195, 3196, 3197];
const SEATS = 10_000_000;

export async function benchCluster({ connections = 50, duration = 10, serverUrl = benchServerUrl() } = {}) {
  const database = `ticketshop_bench_cluster_${process.pid}`;
  const databaseUrl = withDatabase(serverUrl, database);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const secret = randomBytes(32).toString('hex'); // one secret: a session cookie is valid on every instance
  const servers = [];
  try {
    // The first instance migrates the empty database; the others start once it is ready.
    servers.push(await startServer({ port: PORTS[0], databaseUrl, secret }));
    servers.push(
      ...(await Promise.all(PORTS.slice(1).map((port) => startServer({ port, databaseUrl, secret })))),
    );
    const { cookies, eventId } = await withClient(databaseUrl, async (client) => ({
      ...(await insertBuyers(client, { count: connections, secret })),
      eventId: await insertEvent(client, { seats: SEATS, slug: 'bench-cluster' }),
    }));
    await insertEvents(databaseUrl, 50);

    const cores = cpus().length;
    console.log(
      `${PORTS.length} instances of dist/server/main.js on one PostgreSQL database, ${cores} cores, ` +
        `${connections} connections, ${duration} s per run`,
    );
    const results = {};
    for (const workload of ['GET /api/events', 'POST /api/bookings']) {
      const run = (targets, seconds) =>
        workload === 'GET /api/events'
          ? spread(targets, connections, (url, n) => readEvents(url, n, seconds))
          : spread(targets, connections, (url, n, i) =>
              book(
                url,
                eventId,
                cookies.filter((_, c) => c % targets.length === i),
                n,
                seconds,
              ),
            );
      const one = [servers[0]];
      await run(one, 1); // warm-up: JIT, pools, caches
      const single = await measured(servers, () => run(one, duration));
      await run(servers, 1);
      const triple = await measured(servers, () => run(servers, duration));
      const ratio = triple.perSecond / single.perSecond;
      const unit = workload === 'GET /api/events' ? 'requests/s' : 'bookings/s';
      console.log(workload);
      console.log(`  1 instance   ${line(single, unit, duration)}`);
      console.log(`  3 instances  ${line(triple, unit, duration)}`);
      console.log(`  ratio 3/1: ${ratio.toFixed(2)}`);
      results[workload] = { single, triple, ratio };
    }
    const state = await withClient(databaseUrl, (client) => seatState(client, eventId));
    console.log(
      `seat invariant after the booking runs: ${state.invariantHolds ? 'holds' : 'VIOLATED'}` +
        ` (${state.availableSeats} = ${state.totalSeats} − ${state.heldSeats})`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; CPU: shares of all the machine's CPU time during the run (${cores} cores)`,
    );
    if (!state.invariantHolds) process.exitCode = 1;
    return { cores, results, state };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
}

function line(r, unit, duration) {
  const pct = (share) => `${Math.round(share * 100)} %`;
  // CPU per request does not depend on what else the machine runs: the cost the cores have to carry
  const perRequest = (seconds) => `${((seconds * 1000) / Math.max(1, r.perSecond * duration)).toFixed(2)} ms`;
  return (
    `${r.perSecond.toFixed(0).padStart(6)} ${unit}   p99 ${String(r.p99).padStart(4)} ms` +
    `${r.failures ? `   ${r.failures} failed` : ''}   CPU per request: servers ${perRequest(r.cpu.serverSeconds)},` +
    ` PostgreSQL ${perRequest(r.cpu.postgresSeconds)}\n` +
    `                CPU of the machine: servers ${pct(r.cpu.servers)}, PostgreSQL ${pct(r.cpu.postgres)},` +
    ` client ${pct(r.cpu.client)}, rest of the machine ${pct(r.cpu.rest)}, idle ${pct(r.cpu.idle)}`
  );
}

/** `connections` split over `targets` (17/17/16 for 50 over 3), one load run per target at the same time. */
async function spread(targets, connections, load) {
  const runs = targets.map((server, i) => {
    const n = Math.floor(connections / targets.length) + (i < connections % targets.length ? 1 : 0);
    return load(server.url, n, i);
  });
  const parts = await Promise.all(runs);
  return {
    perSecond: parts.reduce((total, part) => total + part.perSecond, 0),
    p99: Math.max(...parts.map((part) => part.p99)),
    failures: parts.reduce((total, part) => total + part.failures, 0),
  };
}

async function readEvents(url, connections, duration) {
  const result = await autocannon({
    url: `${url}/api/events`,
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** As bench/booking-throughput.mjs: each request carries the next buyer's cookie in turn. */
async function book(url, eventId, cookies, connections, duration) {
  let next = 0;
  let created = 0;
  const instance = autocannon({
    url: `${url}/api/bookings`,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    requests: [
      {
        body: JSON.stringify({ eventId, quantity: 1, holderName: 'Käufer im Lasttest' }),
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[next++ % cookies.length] },
        }),
      },
    ],
  });
  instance.on('response', (_client, statusCode) => {
    if (statusCode === 201) created++;
  });
  const result = await instance;
  return {
    perSecond: created / duration,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Where the CPU time went during a run (Linux /proc; shares of the whole machine)

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in seconds; 0 once it is gone. */
function processCpu(pid) {
  try {
    // the fields after the command name, which is in parentheses and may hold spaces
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds per PostgreSQL process (the server and its backends) by pid. */
function postgresCpu() {
  const perPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        perPid.set(entry, processCpu(entry));
    } catch {
      // gone meanwhile
    }
  }
  return perPid;
}

/** What PostgreSQL spent between two looks: backends started meanwhile count whole, ended ones are lost. */
function postgresSpent(before, after) {
  let total = 0;
  for (const [pid, seconds] of after) total += Math.max(0, seconds - (before.get(pid) ?? 0));
  return total;
}

/** Busy and idle seconds of the whole machine (/proc/stat, first line). */
function machineCpu() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, idle: idle / TICKS };
}

/** Runs `work` and splits the machine's CPU time meanwhile: all instances (loaded or idle), PostgreSQL, … */
async function measured(instances, work) {
  const snapshot = () => ({
    servers: instances.reduce((total, server) => total + processCpu(server.pid), 0),
    postgres: postgresCpu(),
    client: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    machine: machineCpu(),
  });
  const before = snapshot();
  const result = await work();
  const after = snapshot();
  const spent = (key) =>
    key === 'postgres' ? postgresSpent(before.postgres, after.postgres) : after[key] - before[key];
  const busy = after.machine.busy - before.machine.busy;
  const idle = after.machine.idle - before.machine.idle;
  const share = (seconds) => (busy + idle > 0 ? seconds / (busy + idle) : 0);
  const [servers, postgres, client] = [spent('servers'), spent('postgres'), spent('client')];
  return {
    ...result,
    cpu: {
      serverSeconds: servers,
      postgresSeconds: postgres,
      servers: share(servers),
      postgres: share(postgres),
      client: share(client),
      rest: share(Math.max(0, busy - servers - postgres - client)),
      idle: share(idle),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------

async function startServer({ port, databaseUrl, secret }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-cluster-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: '', // not production: paid bookings use the test payment provider, no Stripe keys needed
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: secret,
      SEED_DEMO: 'false',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      S3_BUCKET: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server on ${url} exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`server on ${url} not healthy within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, pid: child.pid, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCluster();

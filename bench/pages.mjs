// Server-rendered pages (issue 15, decision 034): GET / with its content in the HTML against GET /my-tickets,
// which is the plain app shell (a page rendered in the browser, as every page was before). Requests/s and
// p99 at 50 connections for 10 s against the built server on its embedded database with the demo data, as
// browsers ask (brotli) and as curl asks (identity). Goal: / at ≥ 50 % of the shell's throughput.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, serverEnv, waitForHealth } from './support.mjs';

const PORT = 3197;

export async function benchPages({
  connections = 50,
  duration = 10,
  serverFile = 'dist/server/main.js',
} = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-pages-'));
  const server = spawn(process.execPath, [serverFile], {
    env: serverEnv(PORT, dataDir, { DATABASE_URL: '', LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT, { ready: true });
    const base = `http://127.0.0.1:${PORT}`;
    const home = await (await fetch(`${base}/`)).text();
    const rendered = home.includes('data-testid="event-card"');
    console.log(`GET / carries the event cards in its HTML: ${rendered ? 'yes' : 'no (plain shell)'}`);
    const results = {};
    for (const [name, headers] of [
      ['br', { 'accept-encoding': 'gzip, deflate, br' }],
      ['identity', {}],
    ]) {
      for (const page of ['/', '/my-tickets']) {
        const url = `${base}${page}`;
        await load(url, { connections, duration: 1, headers }); // warm-up: render, JIT, connections
        const result = await load(url, { connections, duration, headers });
        results[`${page} ${name}`] = result;
        console.log(
          `  GET ${page.padEnd(12)} ${name.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   ` +
            `p99 ${String(result.p99).padStart(4)} ms` +
            (result.failures ? `   ${result.failures} failed` : ''),
        );
      }
      const ratio = results[`/ ${name}`].requestsPerSecond / results[`/my-tickets ${name}`].requestsPerSecond;
      console.log(`  ratio / vs shell (${name}): ${ratio.toFixed(2)} (goal ≥ 0.50)`);
    }
    return results;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages({ serverFile: process.argv[2] });

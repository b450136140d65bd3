// What the benches share: waiting for the spawned server, measuring one URL under load, and loading core
// modules straight from the sources.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { build } from 'esbuild';

/** Requests/s, p99 latency (ms) and failed requests of `connections` connections for `duration` s. */
export async function load(url, { connections, duration, headers }) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Polls the server on 127.0.0.1:`port` every 50 ms until it answers: GET /api/health, or with `ready`
 * GET /api/health/ready (docs/decisions/033-graceful-restarts.md). Throws when the server exits or after 60 s.
 */
export async function waitForHealth(server, port, { ready = false } = {}) {
  const url = `http://127.0.0.1:${port}/api/health${ready ? '/ready' : ''}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 60_000)
      throw new Error(`server not ${ready ? 'ready' : 'healthy'} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The environment of a bench's server: not production, on 127.0.0.1:`port`, its files in `dataDir`. */
export const serverEnv = (port, dataDir, env) => ({
  ...process.env,
  NODE_ENV: '',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...env,
});

/**
 * Bundles source modules with esbuild (dependencies external, as in the server build) and imports them, so a
 * bench needs no `npm run build`. `entries` maps a bundle name to its source file; the answer maps the same
 * names to the imported modules.
 */
export async function bundleFromSource(entries) {
  // inside node_modules so that the bundles' bare imports (pdfkit, fast-xml-parser, …) resolve
  const outdir = path.resolve('node_modules/.cache/ticketshop-bench');
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  const names = Object.keys(entries);
  const modules = await Promise.all(
    names.map((name) => import(pathToFileURL(path.join(outdir, `${name}.mjs`)).href)),
  );
  return Object.fromEntries(names.map((name, index) => [name, modules[index]]));
}

/** Runs `work` with one PostgreSQL client on `url`, and ends it. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `serverUrl` pointing at `database`. */
export function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Signs `email` in by code through the API and the dev mailbox of the server at `base`, then makes that user an
 * admin in the database. Answers the session cookie.
 */
export async function signInAdmin(base, databaseUrl, email) {
  const json = { 'Content-Type': 'application/json' };
  const sent = await fetch(`${base}/api/auth/code/send`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`code send answered ${sent.status}`);
  const mails = await (await fetch(`${base}/api/dev/mails`)).json();
  const code = /\b(\d{6})\b/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the dev mailbox');
  const verified = await fetch(`${base}/api/auth/code/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  if (!verified.ok) throw new Error(`code verify answered ${verified.status}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await withClient(databaseUrl, async (client) => {
    await client.query(`UPDATE profiles SET role = 'admin' WHERE email = $1`, [email]);
    await client.query(`UPDATE "user" SET role = 'admin' WHERE email = $1`, [email]);
  });
  return cookie;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { printFigures } from '../faults/support/figures';
import { freePort } from '../faults/support/server-process';
import { answersIn, openRaw, type RawConnection } from '../helpers/raw-socket';
import { bundledEntry } from '../helpers/server-entry';

// docs/decisions/046: a signal sent to `npm start` reaches the server, which drains as when signalled
// directly. The test runs the real npm with the repository's own `start` line and scripts/start.mjs in a
// scratch directory whose dist/server/main.js loads the run's server bundle (the client build is not needed), on
// the embedded database, as `npm start` runs by default: the first start in a fresh DATA_DIR, the second on
// what the first left there (as a user's next `npm start`; it skips creating and migrating PGlite, which is
// two thirds of a fresh start: 11 → 4.6 CPU seconds until it listens).

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface Started {
  port: number;
  npm: ChildProcess;
  /** The process that holds the port (DATA_DIR/server.json). */
  serverPid: number;
  output(): string;
  npmExit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
/** DATA_DIR of every start in this file. */
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'ticketshop-npm-start-data-')), 'data');
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `condition` holds, checking every 20 ms, or rejects after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function npmStart(): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketshop-npm-start-'));
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'npm-start-probe',
      private: true,
      type: 'module',
      scripts: { start: scripts.start },
    }),
  );
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(path.join(repoRoot, 'scripts/start.mjs'), path.join(dir, 'scripts/start.mjs'));
  mkdirSync(path.join(dir, 'dist/server'), { recursive: true });
  mkdirSync(path.join(dir, 'dist/web'), { recursive: true });
  // start.mjs builds nothing here: the "build" is newer than the (absent) sources
  writeFileSync(
    path.join(dir, 'dist/web/index.html'),
    '<!doctype html><html><head><!--app-head--></head></html>',
  );
  // the run's bundle of src/server/main.ts (test/global-setup.ts), not the source under tsx: 10 CPU seconds to
  // listen instead of 15 (decision 063)
  const main = bundledEntry('main').href;
  writeFileSync(path.join(dir, 'dist/server/main.js'), `await import(${JSON.stringify(main)});\n`);

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info', // the shutdown steps are info
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    S3_ENDPOINT: '',
    S3_BUCKET: '',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
  };
  delete env.NODE_ENV; // `npm start` sets none
  delete env.DATABASE_URL;
  // its own process group, as a terminal's foreground job: Ctrl+C goes to the whole group
  const npm = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close', not 'exit': 'exit' can come before the last lines in the pipes were read (the server's final
  // 'shutdown complete' was missing once in CI, the output ending at the request's line)
  const npmExit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('close', (code, signal) => resolve({ code, signal })),
  );
  let serverPid = 0;
  cleanups.push(() => {
    if (serverPid && runs(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  await until(
    () => /"msg":"listening on /.test(output) || npm.exitCode !== null,
    'the server to listen',
    90_000,
  );
  expect(output, output).toMatch(/"msg":"listening on /);
  serverPid = (JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { pid: number }).pid;
  expect(runs(serverPid)).toBe(true);
  return { port, npm, serverPid, output: () => output, npmExit };
}

/** The server's JSON log messages. */
function messages(output: string): { msg: string; signal?: string }[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      return typeof parsed.msg === 'string' ? [parsed as { msg: string; signal?: string }] : [];
    } catch {
      return [];
    }
  });
}

/**
 * A request in flight while the server stops: its connection has sent the start of the headers, so the drain
 * waits for it (decision 033). `finish` sends the rest; the answer comes with `Connection: close`.
 */
async function requestInFlight(
  port: number,
): Promise<{ connection: RawConnection; finish(): Promise<string> }> {
  const connection = await openRaw(port);
  connection.socket.write('GET /api/health HTTP/1.1\r\n');
  return {
    connection,
    finish: () => {
      connection.socket.write('Host: 127.0.0.1\r\n\r\n');
      return connection.until((text, closed) => closed || /\r\n\r\n\{.*\}$/s.test(text));
    },
  };
}

const logged = (started: Started, message: string) => () =>
  messages(started.output()).some((line) => line.msg === message);

describe('npm start', () => {
  it('passes SIGTERM sent to npm on to the server, which drains and exits before npm', async () => {
    const started = await npmStart();
    const inFlight = await requestInFlight(started.port);
    const sentAt = Date.now();
    process.kill(started.npm.pid!, 'SIGTERM'); // what a supervisor or `docker stop` does
    await until(
      logged(started, 'shutting down: not accepting connections, finishing requests in flight'),
      'the drain to begin',
      10_000,
    );
    const answered = answersIn(await inFlight.finish());
    const answeredAt = Date.now();
    expect(answered).toEqual([{ status: 200, connection: 'close' }]);
    await until(() => !runs(started.serverPid), 'the server to exit', 20_000);
    const serverGoneAt = Date.now();
    const npmExit = await started.npmExit;
    printFigures(
      'SIGTERM to npm start',
      {
        'server gone after the signal ms': serverGoneAt - sentAt,
        'after the last answer ms': serverGoneAt - answeredAt,
        'npm gone ms': Date.now() - sentAt,
      },
      'lifecycle',
    );
    const log = messages(started.output());
    expect(log.find((line) => line.msg.startsWith('shutting down'))?.signal).toBe('SIGTERM');
    expect(log.map((line) => line.msg)).toContain('database closed');
    expect(log.at(-1)?.msg).toBe('shutdown complete');
    expect(npmExit).toEqual({ code: 0, signal: null }); // npm ends with the server's exit code
  }, 150_000);

  it('drains once on Ctrl+C, which the server gets from the terminal and again from npm', async () => {
    const started = await npmStart();
    const inFlight = await requestInFlight(started.port);
    process.kill(-started.npm.pid!, 'SIGINT'); // the terminal signals its foreground process group
    // npm passes its copy on a few milliseconds later, while the drain waits for the request (unless the
    // kernel merged the two because the server had not run in between: then there is one)
    await until(
      logged(started, 'shutting down: not accepting connections, finishing requests in flight'),
      'the drain to begin',
      10_000,
    );
    expect(answersIn(await inFlight.finish())).toEqual([{ status: 200, connection: 'close' }]);
    await until(() => !runs(started.serverPid), 'the server to exit', 20_000);
    const npmExit = await started.npmExit;
    const log = messages(started.output()).map((line) => line.msg);
    expect(log).not.toContain('second signal: exiting at once');
    expect(log.at(-1)).toBe('shutdown complete');
    expect(npmExit).toEqual({ code: 0, signal: null });
  }, 150_000);
});

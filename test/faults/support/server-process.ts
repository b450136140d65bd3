import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { serverEntry } from '../../helpers/server-entry';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A port free right now, so a restarted server can come back on the same address. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr, for the failure message. */
  output(): string;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<void>;
  /**
   * The first output line matching `pattern`, written already or still to come; rejects when the process
   * exits without it or after `timeoutMs`.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * The real server as a child process on 127.0.0.1:port, from the run's bundle (test/helpers/server-entry.ts; the
 * client build is not needed). Resolves once /api/health answers 200; throws with the process's
 * output if it exits or is not healthy within `timeoutMs`.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const { port, timeoutMs = 40_000 } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverEntry('main'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Whatever the runner's environment holds, the child gets the dev defaults plus options.env.
      NODE_ENV: 'test',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      S3_ENDPOINT: '',
      S3_BUCKET: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_REGION: '',
      S3_FORCE_PATH_STYLE: '',
      S3_PUBLIC_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const outputWatchers = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const watcher of [...outputWatchers]) watcher();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let gone = false;
  void exited.then(() => (gone = true));
  // 'close' comes after the output streams ended, so nothing written before the exit is missed.
  const outputDone = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const waitForOutput = (pattern: RegExp, waitMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const check = (all = false) => {
        const lines = output.split('\n');
        if (!all) lines.pop(); // a line still being written
        const line = lines.find((candidate) => pattern.test(candidate));
        if (line === undefined) return false;
        stop();
        resolve(line);
        return true;
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no output line matching ${pattern} within ${waitMs} ms:\n${output}`));
      }, waitMs);
      const stop = () => {
        clearTimeout(timer);
        outputWatchers.delete(watcher);
      };
      const watcher = () => void check();
      if (check()) return;
      outputWatchers.add(watcher);
      void outputDone.then(() => {
        if (!outputWatchers.has(watcher) || check(true)) return;
        stop();
        reject(new Error(`the process exited without an output line matching ${pattern}:\n${output}`));
      });
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { url, child, output: () => output, exited, waitForOutput };
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`server on ${url} did not become healthy:\n${output}`);
}

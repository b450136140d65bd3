import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

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
}

/**
 * The real server (src/server/main.ts under tsx, as `npm run dev` runs it; the build is not needed) as a
 * child process on 127.0.0.1:port. Resolves once /api/health answers 200; throws with the process's
 * output if it exits or is not healthy within `timeoutMs`.
 */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const { port, timeoutMs = 40_000 } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return { url, child, output: () => output, exited };
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`server on ${url} did not become healthy:\n${output}`);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../../faults/support/server-process';

/**
 * One app instance of the cluster: the real server as a child process (test/faults/support/server-process.ts)
 * on its own port and its own DATA_DIR, so nothing it shares with the others can come from the disk.
 */
export interface Instance {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  /** The current process; replaced by restart(). */
  server: ServerProcess;
  /** Every process this instance has run, the current one last (for their log lines). */
  lives: ServerProcess[];
}

export interface LogLine {
  msg: string;
  [field: string]: unknown;
}

/** An instance's JSON log lines over all its lives (other output, such as the setup URL, is skipped). */
export function logLines(instance: Instance): LogLine[] {
  return instance.lives.flatMap((life) =>
    life
      .output()
      .split('\n')
      .flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as unknown;
          return typeof parsed === 'object' && parsed !== null && 'msg' in parsed ? [parsed as LogLine] : [];
        } catch {
          return [];
        }
      }),
  );
}

/** Starts `name` on `port` with `env`; a fresh DATA_DIR unless it restarts. */
export async function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ticketshop-cluster-${options.name}-`));
  const server = await startServer({
    port: options.port,
    env: { ...options.env, DATA_DIR: dataDir },
    timeoutMs: options.timeoutMs ?? 120_000,
  });
  return { name: options.name, port: options.port, url: server.url, dataDir, server, lives: [server] };
}

/** kill -9: no shutdown of any kind, as a crashed host or an OOM kill. */
export async function killHard(instance: Instance): Promise<void> {
  instance.server.child.kill('SIGKILL');
  await instance.server.exited;
}

/** The same instance again: same port, DATA_DIR and environment, a new process. */
export async function restart(
  instance: Instance,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<void> {
  const server = await startServer({
    port: instance.port,
    env: { ...env, DATA_DIR: instance.dataDir },
    timeoutMs,
  });
  instance.server = server;
  instance.lives.push(server);
}

export async function stopAll(instances: Instance[]): Promise<void> {
  for (const instance of instances) instance.server.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.server.exited));
  for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
}

/**
 * Resolves once `condition` holds, checking again after each look (a database query or a scan of the
 * collected output takes its own time); rejects after `timeoutMs` with `what`.
 */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

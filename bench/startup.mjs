// Start-up time (issue 2): from spawning the built server to the first 200 on `/`,
// on a fresh data folder (migrations + demo seed) and on a second start of the same folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = 3190;

async function timeStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function benchStartup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-'));
  try {
    const fresh = await timeStart(dataDir);
    const second = await timeStart(dataDir);
    console.log(
      `startup to first 200 on /: fresh data dir ${fresh.toFixed(0)} ms, second start ${second.toFixed(0)} ms`,
    );
    return { fresh, second };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();

import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError, reasonOf } from './backup-error';

// pg_dump and pg_restore for installations on PostgreSQL (DATABASE_URL); docs/decisions/030-backups.md.

/** A program the backup needs is not installed; the message names it and how to get it. */
export class MissingToolError extends Error {
  override name = 'MissingToolError';
}

/**
 * The connection for libpq's tools: DATABASE_URL without its password, which goes into PGPASSWORD instead,
 * since a command line is visible to every user of the machine (`ps`).
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs pg_dump or pg_restore; rejects with its last lines of stderr when it fails. */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new MissingToolError(
              `${tool} wurde nicht gefunden (${tool} not found). Sicherungen mit DATABASE_URL brauchen die ` +
                `PostgreSQL-Client-Programme pg_dump und pg_restore in mindestens der Version des Servers ` +
                `im PATH, z. B. per 'apt-get install postgresql-client'.`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(stdout);
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      reject(new Error(`${tool} ist fehlgeschlagen (${signal ?? `Exit-Code ${code}`}):\n${tail}`));
    });
  });
}

/** Runs work on its own connection to DATABASE_URL and always closes it. */
export async function withClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Die Datenbank unter DATABASE_URL ist nicht erreichbar (${reasonOf(error)}).`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

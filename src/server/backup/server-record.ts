import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR/server.json: which process holds the embedded database and where it listens. PGlite lets one
 * process at a time open DATA_DIR/db and keeps no lock of its own, so `npm run backup` reads this record to
 * ask the running server for the dump instead of touching the files (docs/decisions/030-backups.md).
 * Written by main.ts before it opens the database (port null while starting) and again once it listens;
 * removed after the database is closed. A record of a process that is gone is stale and counts as none.
 */
export interface ServerRecord {
  pid: number;
  /** null while the server starts (migrations, seed) and does not listen yet */
  port: number | null;
  host: string;
  startedAt: string;
}

export const serverRecordFile = (dataDir: string) => path.join(dataDir, 'server.json');

export function writeServerRecord(dataDir: string, record: Omit<ServerRecord, 'pid'>) {
  mkdirSync(dataDir, { recursive: true });
  const full: ServerRecord = { pid: process.pid, ...record };
  writeFileSync(serverRecordFile(dataDir), `${JSON.stringify(full)}\n`, { mode: 0o644 });
}

/** Removes the record if it is this process's own (a second server may have written its own since). */
export function removeServerRecord(dataDir: string) {
  if (readServerRecord(dataDir)?.pid === process.pid) rmSync(serverRecordFile(dataDir), { force: true });
}

/** The record when its process still runs; undefined when there is none or it is stale. */
export function liveServerRecord(dataDir: string): ServerRecord | undefined {
  const record = readServerRecord(dataDir);
  return record && processRuns(record.pid) ? record : undefined;
}

function readServerRecord(dataDir: string): ServerRecord | undefined {
  let text: string;
  try {
    text = readFileSync(serverRecordFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as Partial<ServerRecord>;
    if (typeof record.pid !== 'number' || !Number.isInteger(record.pid) || record.pid <= 0) return undefined;
    return {
      pid: record.pid,
      port: typeof record.port === 'number' ? record.port : null,
      host: typeof record.host === 'string' ? record.host : '127.0.0.1',
      startedAt: typeof record.startedAt === 'string' ? record.startedAt : '',
    };
  } catch {
    return undefined;
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The address a client on this machine reaches a server under that listens on `host`. */
export function loopbackUrlOf(record: Pick<ServerRecord, 'host' | 'port'>): string {
  const host = record.host.trim();
  const address =
    host === '' || host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '[::]' ? '::1' : host;
  const hostPart = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
  return `http://${hostPart}:${record.port}`;
}

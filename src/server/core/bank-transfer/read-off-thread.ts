import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BANK_IMPORT_MESSAGES, type CsvMapping, type CsvPreview } from '@shared/bank-statements';
import { AppError, type ErrorCode } from '../app-error';
import type { ReadStatement } from './read-statement';

// Statement files are read in a worker thread (docs/product/bank-transfer.md#hostile-files): parsing a large or
// hostile file takes seconds of CPU, which on the event loop would stall every other request, /api/health
// included. One worker per file, with a memory ceiling and a deadline, ended when it answered.

export type StatementJob =
  { kind: 'read'; content: Uint8Array; mapping?: CsvMapping } | { kind: 'preview'; content: Uint8Array };

export type StatementAnswer =
  | { ok: true; value: unknown }
  | { ok: false; code: ErrorCode; message: string }
  | { ok: false; unexpected: string };

/** A 20 MB CAMT file takes a few seconds; a worker still busy after this is ended. */
const DEADLINE_MS = 60_000;
/** Heap for one file: a 20 MB statement parses in well under this. */
const HEAP_MB = 1024;

let bundledWorker: URL | undefined;

/**
 * From source, start the worker from this bundle of statement-worker.ts instead of through tsx (`undefined`: through
 * tsx again): the test run bundles the server once (test/server-setup.ts), and a worker through tsx cost 0.37 CPU
 * seconds a file, from the bundle 0.07 (docs/decisions/063-test-speed.md).
 */
export function useBundledStatementWorker(url: URL | undefined): void {
  bundledWorker = url;
}

/** The worker's code: the bundle's statement-worker.js, or from source (vitest, tsx) its .ts through tsx. */
function startWorker(job: StatementJob): Worker {
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./statement-worker.js', import.meta.url), options);
  }
  if (bundledWorker) return new Worker(bundledWorker, options);
  // tsx's ESM entry ('tsx/esm/api', import condition); require.resolve would give its CommonJS one
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./statement-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}

function runJob(job: StatementJob, onUnexpected: (detail: string) => void): Promise<unknown> {
  const unreadable = () => new AppError('validation_failed', BANK_IMPORT_MESSAGES.unreadable);
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(
      () => finish(() => reject(new AppError('validation_failed', BANK_IMPORT_MESSAGES.tooSlow))),
      DEADLINE_MS,
    );
    worker.once('message', (message: StatementAnswer) =>
      finish(() => {
        if (message.ok) resolve(message.value);
        else if ('unexpected' in message) {
          onUnexpected(message.unexpected);
          reject(unreadable());
        } else reject(new AppError(message.code, message.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(new AppError('payload_too_large', BANK_IMPORT_MESSAGES.tooLarge));
          return;
        }
        onUnexpected(error.stack ?? error.message);
        reject(unreadable());
      }),
    );
    worker.once('exit', () => finish(() => reject(unreadable())));
  });
}

/** What happened that no file should cause (a parser's crash); logged, while the admin hears 'unreadable'. */
export type UnexpectedReport = (detail: string) => void;

/** The statement's lines, read and checked whole in a worker; AppError 422/413 with the German message. */
export const readStatementOffThread = (
  content: Uint8Array,
  mapping: CsvMapping | undefined,
  onUnexpected: UnexpectedReport = () => {},
) => runJob({ kind: 'read', content, mapping }, onUnexpected) as Promise<ReadStatement>;

/** A CSV's header and first rows, read in a worker too (a 20 MB CSV is parsed whole). */
export const csvPreviewOffThread = (content: Uint8Array, onUnexpected: UnexpectedReport = () => {}) =>
  runJob({ kind: 'preview', content }, onUnexpected) as Promise<CsvPreview>;

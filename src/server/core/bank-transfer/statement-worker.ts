import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../app-error';
import { csvPreview } from './csv-statement';
import { readStatement } from './read-statement';
import type { StatementAnswer, StatementJob } from './read-off-thread';

// The statement worker (docs/product/bank-transfer.md#hostile-files): reads one file off the server's event
// loop and answers once. scripts/build-server.mjs bundles it as dist/server/statement-worker.js.

function answer(job: StatementJob): StatementAnswer {
  try {
    const value = job.kind === 'read' ? readStatement(job.content, job.mapping) : csvPreview(job.content);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    // a parser that trips over a hostile file: the file is unreadable; the stack is logged by the caller
    return { ok: false, unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.postMessage(answer(workerData as StatementJob));

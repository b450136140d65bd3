import { afterEach, describe, expect, it } from 'vitest';
import {
  readStatementOffThread,
  useBundledStatementWorker,
} from '@server/core/bank-transfer/read-off-thread';
import { readStatement } from '@server/core/bank-transfer/read-statement';
import { camtFile } from '../helpers/bank-statements';
import { bundledEntry } from '../helpers/server-entry';

// The worker that reads a statement (docs/product/bank-transfer.md#hostile-files) starts from the bundle's
// statement-worker.js in production and in the test run (test/server-setup.ts), and through tsx from source, as
// `npm run dev` runs it. Both read what the parser reads in this thread.

const bundled = bundledEntry('statement-worker');
afterEach(() => useBundledStatementWorker(bundled));

const honest = Buffer.from(camtFile([{ ref: 'R-1', amount: '40.00', text: ['Seminar'], name: 'Kundin' }]));
const hostile = Buffer.from(camtFile([{ ref: 'R-2', amount: '-1.00', text: ['Seminar'] }]));

describe.each([
  ['the bundle', bundled],
  ['the source through tsx (npm run dev)', undefined],
])('a statement read by the worker from %s', (_, worker) => {
  it('answers its lines, and a German message for a broken one', async () => {
    useBundledStatementWorker(worker);
    const read = await readStatementOffThread(honest, undefined);
    expect(read.lines).toHaveLength(1);
    expect(read).toEqual(readStatement(honest));
    await expect(readStatementOffThread(hostile, undefined)).rejects.toThrow(
      /Zeile 1: Der Betrag ist negativ/,
    );
  });
});

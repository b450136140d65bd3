// Before each file of the server's tests (vite.config.ts, project 'server'): what the run prepared once.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { useBundledStatementWorker } from '@server/core/bank-transfer/read-off-thread';

// statement files are read by the worker of the run's server bundle (test/global-setup.ts), not through tsx
useBundledStatementWorker(pathToFileURL(path.join(inject('serverBundle'), 'statement-worker.js')));

// Before each file of the server's tests (vite.config.ts, project 'server'): what the run prepared once.
import { useBundledStatementWorker } from '@server/core/bank-transfer/read-off-thread';
import { bundledEntry } from './helpers/server-entry';

// statement files are read by the worker of the run's server bundle (test/global-setup.ts), not through tsx
useBundledStatementWorker(bundledEntry('statement-worker'));

import { BackupError, reasonOf } from '../backup/backup-error';
import { MissingToolError } from '../backup/postgres-tools';
import { ConfigError } from '../config';

/**
 * Runs `npm run backup` or `npm run restore`: the exit code is main's; a known failure (configuration,
 * backup, missing tool) prints one German line after `failure`, anything else its stack.
 */
export function runBackupCommand(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known =
        error instanceof ConfigError || error instanceof BackupError || error instanceof MissingToolError;
      console.error(known ? `${failure}: ${reasonOf(error)}` : error);
      process.exitCode = 1;
    },
  );
}

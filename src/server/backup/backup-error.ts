/** A backup or restore that cannot go on; the message (German) says why and what to do. The CLIs print it. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The message of anything thrown, for a line that names the cause. */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

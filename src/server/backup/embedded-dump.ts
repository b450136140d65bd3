import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of the embedded database as PGlite's own tarball of its data directory
 * (docs/decisions/030-backups.md). Inside a transaction of our own no other transaction is open, since PGlite
 * runs one at a time; CHECKPOINT writes every committed change into the data files; dumpDataDir then reads
 * the files in one synchronous pass while no query runs. Uncompressed: the backup archive compresses it.
 * Other queries wait meanwhile, about a second per 40 MB.
 */
export function dumpEmbeddedDatabase(pglite: PGlite): Promise<Blob> {
  return pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('none');
  });
}

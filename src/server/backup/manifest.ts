import { z } from 'zod';

// The manifest.json at the start of every backup archive (docs/decisions/030-backups.md). A restore reads it
// first and refuses an archive without one, of another format, or of a newer format version.

export const BACKUP_FORMAT = 'wachstumsraum-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';
/** PGlite's tarball of its data directory (dumpDataDir). */
export const PGLITE_DUMP_FILE = 'database/pgdata.tar';
/** pg_dump in its custom format, for pg_restore. */
export const POSTGRES_DUMP_FILE = 'database/postgres.dump';
/** The generated DATA_DIR/app-secret, when the backed-up installation used it instead of APP_SECRET. */
export const APP_SECRET_FILE = 'app-secret';
export const UPLOADS_DIR = 'uploads';

const count = z.number().int().min(0);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  database: z.object({
    file: z.enum([PGLITE_DUMP_FILE, POSTGRES_DUMP_FILE]),
    /** running-server: asked over HTTP; data-dir: no server ran, a copy of DATA_DIR/db; pg_dump: PostgreSQL */
    source: z.enum(['running-server', 'data-dir', 'pg_dump']),
    /** the database server's version (PGlite embeds PostgreSQL) */
    postgresVersion: z.string(),
    /** e.g. 'pg_dump (PostgreSQL) 15.20' */
    tool: z.string().optional(),
  }),
  counts: z.object({ events: count, bookings: count, tickets: count, users: count }),
  uploads: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('disk'), included: z.literal(true), files: count, bytes: count }),
    /** With S3 the files stay in the bucket and are not in the archive. */
    z.object({ storage: z.literal('s3'), included: z.literal(false), bucket: z.string(), note: z.string() }),
  ]),
  appSecret: z.enum(['included', 'from-environment']),
  /** Every file in the archive but the manifest, with its size and SHA-256; a restore checks each. */
  files: z.array(z.object({ path: z.string(), bytes: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

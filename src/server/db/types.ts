import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

// The one place for the database types core, jobs and tests take (docs/architecture.md, Layers and
// folders): the Drizzle database, a transaction, either of them, and the rows of the main tables.

export type Schema = typeof schema;
/** One type for both drivers: PGlite's and node-postgres' Drizzle databases share the query API. */
export type Db = NodePgDatabase<Schema>;
/** An open transaction, as `db.transaction(async (tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Functions that run alone or inside a caller's transaction take either. */
export type DbOrTx = Db | Tx;

export type Event = typeof schema.events.$inferSelect;
export type Profile = typeof schema.profiles.$inferSelect;
export type Booking = typeof schema.bookings.$inferSelect;
export type Ticket = typeof schema.tickets.$inferSelect;

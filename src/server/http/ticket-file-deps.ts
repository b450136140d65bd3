import type { Context } from 'hono';
import type { TicketFileDeps } from '../core/tickets/ticket-files';
import type { AppEnv } from './context';

/** What the ticket document functions need, from the request's dependencies. */
export function ticketFileDeps(
  c: Context<AppEnv>,
): TicketFileDeps & { db: AppEnv['Variables']['deps']['database']['db'] } {
  const deps = c.get('deps');
  return { db: deps.database.db, settings: deps.settings, storage: deps.storage, webRoot: deps.webRoot };
}

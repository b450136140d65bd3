import { Hono } from 'hono';
import { deleteTicket } from '../../core/tickets/delete-ticket';
import { refreshTicketPreview, ticketForDownload } from '../../core/tickets/ticket-files';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';

// spec visitor §2 'My tickets' admin actions (refresh preview, delete); spec admin §2 'Tickets verwalten'.
export const adminTicketRoutes = new Hono<AppEnv>()
  .post('/:id/preview', allow('admin'), async (c) => {
    const user = await userOf(c);
    const deps = c.get('deps');
    const fileDeps = {
      db: deps.database.db,
      settings: deps.settings,
      storage: deps.storage,
      webRoot: deps.webRoot,
    };
    const row = await ticketForDownload(fileDeps.db, c.req.param('id'), user);
    const url = await refreshTicketPreview(fileDeps, row);
    return c.json({ ok: true, url });
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteTicket(c.get('deps').database.db, c.req.param('id'));
    return c.json({ ok: true });
  });

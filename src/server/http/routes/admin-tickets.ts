import { Hono, type Context } from 'hono';
import {
  ADMIN_TICKET_MESSAGES,
  adminCancelSchema,
  adminTicketQuerySchema,
  ticketsCsvFileName,
  TICKETS_SELECTION_CSV,
  type AdminTicketQuery,
} from '@shared/admin-tickets';
import { AppError } from '../../core/app-error';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { adminTicketFilterOptions } from '../../core/tickets/admin-ticket-filter-options';
import { cancelTicket } from '../../core/tickets/cancel-ticket';
import { deleteTicket } from '../../core/tickets/delete-ticket';
import { adminTicketsCsv } from '../../core/tickets/export-admin-tickets';
import { listAdminTickets } from '../../core/tickets/list-admin-tickets';
import { previewAdminCancel } from '../../core/tickets/preview-admin-cancel';
import { refreshTicketPreview, ticketForDownload } from '../../core/tickets/ticket-files';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';
import { ticketFileDeps } from '../ticket-file-deps';
import { validBody, validInput } from './admin-input';

/** The list's query string; `event`, `user` and `ids` may be comma lists or repeated. */
function ticketQueryOf(c: Context<AppEnv>, defaults: { pageSize?: string } = {}): AdminTicketQuery {
  const all = c.req.queries();
  const one = (name: string) => c.req.query(name) || undefined;
  return validInput(adminTicketQuerySchema, {
    search: one('search'),
    event: all.event,
    user: all.user,
    ids: all.ids,
    status: one('status'),
    hideTest: one('hideTest'),
    onlyCancellationRequests: one('onlyCancellationRequests'),
    page: one('page'),
    pageSize: one('pageSize') ?? defaults.pageSize,
  });
}

/** Streams the CSV chunk by chunk: the next rows are read only when the client took the last ones. */
function csvResponse(c: Context<AppEnv>, query: AdminTicketQuery) {
  const chunks = adminTicketsCsv(c.get('deps').database.db, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  // with pageSize 'all' everything is on page 1
  const page = query.pageSize === 0 ? 1 : query.page;
  const fileName = query.ids.length > 0 ? TICKETS_SELECTION_CSV : ticketsCsvFileName(page);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

// spec visitor §2 'My tickets' admin actions (refresh preview, delete); spec admin §2 'Tickets verwalten'.
export const adminTicketRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    const query = ticketQueryOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listAdminTickets(c.get('deps').database.db, query));
  })
  .get('/filters', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await adminTicketFilterOptions(c.get('deps').database.db));
  })
  // the page (tickets-page-{n}.csv), all matches (pageSize=all, the default here) or a selection (ids=)
  .get('/export.csv', allow('admin'), (c) => csvResponse(c, ticketQueryOf(c, { pageSize: 'all' })))
  // a selection too long for a URL: {ids: [...]} in the body
  .post('/export.csv', allow('admin'), (c) => {
    const { ids } = validBody(c, adminTicketQuerySchema.pick({ ids: true }));
    // an empty selection must not turn into 'every ticket'
    if (ids.length === 0) throw new AppError('validation_failed', ADMIN_TICKET_MESSAGES.noSelection);
    return csvResponse(c, validInput(adminTicketQuerySchema, { ids, pageSize: 'all' }));
  })
  .get('/:id/cancel-preview', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await previewAdminCancel(c.get('deps').database.db, c.req.param('id')));
  })
  // spec admin §7 admin-cancel-ticket {ticketId, override}; §4 goodwill and overrides, §5 their limits
  .post('/:id/cancel', allow('admin'), async (c) => {
    const user = await userOf(c);
    const { override, reason } = validBody(c, adminCancelSchema);
    const { database, settings, config, payments, outbox } = c.get('deps');
    const outcome = await cancelTicket({
      db: database.db,
      ticketId: c.req.param('id'),
      actor: { id: user.id, role: 'admin' },
      override: override ?? undefined,
      reason,
      mail: mailContextFrom(await settings.get(), config),
    });
    // the provider is called after the commit (cancelTicket records the refund rows)
    outbox.kick();
    await payments.sendRefunds(outcome.refundIds);
    return c.json({ refund: outcome.refund, message: outcome.message });
  })
  .post('/:id/preview', allow('admin'), async (c) => {
    const user = await userOf(c);
    const fileDeps = ticketFileDeps(c);
    const row = await ticketForDownload(fileDeps.db, c.req.param('id'), user);
    const url = await refreshTicketPreview(fileDeps, row);
    return c.json({ ok: true, url });
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteTicket(c.get('deps').database.db, c.req.param('id'));
    return c.json({ ok: true });
  });

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
import { adminTicketFilterOptions } from '../../core/tickets/admin-ticket-filter-options';
import { cancelTicketAndRefund } from '../../core/tickets/cancel-ticket-and-refund';
import { deleteTicket } from '../../core/tickets/delete-ticket';
import { adminTicketsCsv } from '../../core/tickets/export-admin-tickets';
import { listAdminTickets } from '../../core/tickets/list-admin-tickets';
import { previewAdminCancel } from '../../core/tickets/preview-admin-cancel';
import { rerenderTicketPreview } from '../../core/tickets/ticket-downloads';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { ticketFileDeps } from '../ticket-file-deps';
import { validBody, validInput } from '../validation';
import { ticketTransferRoute } from './ticket-transfer';

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

// 'Tickets verwalten' and the admin's actions on a ticket (docs/product/admin.md#tickets-screen).
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
  // {ticketId, override}: goodwill or an override and their limits
  // (docs/product/tickets-and-refunds.md#admin-override)
  .post('/:id/cancel', allow('admin'), async (c) => {
    const user = await userOf(c);
    const { override, reason } = validBody(c, adminCancelSchema);
    const outcome = await cancelTicketAndRefund(c.get('deps'), {
      ticketId: c.req.param('id'),
      actor: { id: user.id, role: 'admin' },
      override: override ?? undefined,
      reason,
    });
    return c.json(outcome);
  })
  // any ticket, until the start
  .route('/', ticketTransferRoute('admin'))
  .post('/:id/preview', allow('admin'), async (c) => {
    const user = await userOf(c);
    const url = await rerenderTicketPreview(ticketFileDeps(c), c.req.param('id'), user);
    return c.json({ ok: true, url });
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteTicket(c.get('deps'), { ticketId: c.req.param('id') });
    return c.json({ ok: true });
  });

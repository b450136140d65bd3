import { Hono } from 'hono';
import { ticketTransferSchema } from '@shared/ticket-transfer';
import { transferTicket } from '../../core/tickets/transfer-ticket';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

/**
 * POST …/:id/transfer (docs/product/tickets-and-refunds.md#ticket-transfer), mounted twice: as 'buyer' in
 * 'Meine Tickets' (/api/tickets: the buyer's own tickets and the cut-off, even for admins) and as 'admin' in
 * the admin area (/api/admin/tickets: any ticket, until the start).
 */
export const ticketTransferRoute = (as: 'buyer' | 'admin') =>
  new Hono<AppEnv>().post('/:id/transfer', allow(as === 'admin' ? 'admin' : 'user'), async (c) => {
    const user = await userOf(c);
    const input = validBody(c, ticketTransferSchema);
    const actor = { id: user.id, role: user.role };
    return c.json(await transferTicket(c.get('deps'), { ticketId: c.req.param('id'), actor, as, input }));
  });

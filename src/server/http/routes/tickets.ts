import { Hono } from 'hono';
import { refundAccountSchema } from '@shared/refund-account';
import { holderNameChangeSchema } from '@shared/ticket-transfer';
import { cancelTicketAndRefund } from '../../core/tickets/cancel-ticket-and-refund';
import { listMyTickets } from '../../core/tickets/list-my-tickets';
import { downloadTicketImage, downloadTicketPdf } from '../../core/tickets/ticket-downloads';
import { changeHolderName } from '../../core/tickets/transfer-ticket';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { ticketFileDeps } from '../ticket-file-deps';
import { ticketTransferRoute } from './ticket-transfer';
import { validBody } from '../validation';

// 'Meine Tickets', ticket files and cancelling. Owner or admin only
// (docs/product/tickets-and-refunds.md#ticket-documents).
export const ticketRoutes = new Hono<AppEnv>()
  .get('/', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listMyTickets(c.get('deps').database.db, user));
  })
  .get('/:id/pdf', allow('user'), async (c) => {
    const user = await userOf(c);
    const pdf = await downloadTicketPdf(ticketFileDeps(c), c.req.param('id'), user);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${pdf.fileName}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(pdf.body));
  })
  .get('/:id/image', allow('user'), async (c) => {
    const user = await userOf(c);
    const png = await downloadTicketImage(ticketFileDeps(c), c.req.param('id'), user);
    c.header('Content-Type', 'image/png');
    c.header('Content-Disposition', `attachment; filename="${png.fileName}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(png.body));
  })
  .post('/:id/cancel', allow('user'), async (c) => {
    const user = await userOf(c);
    const { payoutIban, payoutName } = validBody(c, refundAccountSchema);
    const outcome = await cancelTicketAndRefund(c.get('deps'), {
      ticketId: c.req.param('id'),
      payout: payoutIban ? { iban: payoutIban, name: payoutName } : undefined,
      // self-service rules even for admins here; the admin area has its own cancel with overrides
      actor: { id: user.id, role: 'attendee' },
    });
    return c.json(outcome);
  })
  // the buyer passes the ticket to a substitute
  .route('/', ticketTransferRoute('buyer'))
  // a typo in the name (docs/product/tickets-and-refunds.md#holder-name-change)
  .patch('/:id/holder-name', allow('user'), async (c) => {
    const user = await userOf(c);
    const input = validBody(c, holderNameChangeSchema);
    const db = c.get('deps').database.db;
    return c.json(await changeHolderName(db, { id: user.id, role: user.role }, c.req.param('id'), input));
  });

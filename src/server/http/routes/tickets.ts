import { Hono } from 'hono';
import { ticketImageFileName, ticketPdfFileName } from '@shared/tickets';
import { cancelTicket } from '../../core/tickets/cancel-ticket';
import { listMyTickets } from '../../core/tickets/list-my-tickets';
import { ticketForDownload, ticketPdf, ticketPng } from '../../core/tickets/ticket-files';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { ticketCode } from '@shared/booking';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';
import { ticketFileDeps } from '../ticket-file-deps';

// spec visitor §2 'My tickets', §7 generate_ticket_pdf and cancel_ticket. Owner or admin only (DESIGN §4).
export const ticketRoutes = new Hono<AppEnv>()
  .get('/', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listMyTickets(c.get('deps').database.db, user.id));
  })
  .get('/:id/pdf', allow('user'), async (c) => {
    const user = await userOf(c);
    const fileDeps = ticketFileDeps(c);
    const row = await ticketForDownload(fileDeps.db, c.req.param('id'), user);
    const pdf = await ticketPdf(fileDeps, row);
    c.header('Content-Type', 'application/pdf');
    c.header(
      'Content-Disposition',
      `attachment; filename="${ticketPdfFileName(ticketCode(row.ticket.ticketNumber))}"`,
    );
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(pdf));
  })
  .get('/:id/image', allow('user'), async (c) => {
    const user = await userOf(c);
    const fileDeps = ticketFileDeps(c);
    const row = await ticketForDownload(fileDeps.db, c.req.param('id'), user);
    const png = await ticketPng(fileDeps, row);
    c.header('Content-Type', 'image/png');
    c.header('Content-Disposition', `attachment; filename="${ticketImageFileName(row.ticket.id)}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(png));
  })
  .post('/:id/cancel', allow('user'), async (c) => {
    const user = await userOf(c);
    const { database, settings, config, payments } = c.get('deps');
    const outcome = await cancelTicket({
      db: database.db,
      ticketId: c.req.param('id'),
      // self-service rules even for admins here; the admin area has its own cancel with overrides
      actor: { id: user.id, role: 'attendee' },
      mail: mailContextFrom(await settings.get(), config),
    });
    c.get('deps').outbox.kick();
    await payments.sendRefunds(outcome.refundIds);
    return c.json({ refund: outcome.refund, message: outcome.message });
  });

import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminInvoicesCsv,
  adminInvoicesZip,
  invoicePdf,
  listAdminInvoices,
} from '../../core/invoices/invoice-files';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validInput } from '../validation';

// Invoices (docs/product/invoices.md): the PDF for the buyer or an admin; the list, the accountant's CSV and
// a month's PDFs as a ZIP for admins.
export const invoiceRoutes = new Hono<AppEnv>().get('/:id/pdf', allow('user'), async (c) => {
  const user = await userOf(c);
  const { database, settings } = c.get('deps');
  const pdf = await invoicePdf(database.db, c.req.param('id'), user, (await settings.get()).brand.siteName);
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${pdf.fileName}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(pdf.body));
});

const monthSchema = z
  .string({ error: 'Bitte einen Monat wählen.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Bitte einen Monat im Format JJJJ-MM angeben.' });

const filterSchema = z.object({
  month: monthSchema.optional(),
  eventId: z.uuid({ error: 'Unbekanntes Event.' }).optional(),
});

// the ZIP is one month's (docs/product/invoices.md#admin-list)
const monthFilterSchema = filterSchema.extend({ month: monthSchema });

type Query = { req: { query(name: string): string | undefined } };
const queryOf = (c: Query) => ({
  month: c.req.query('month') || undefined,
  eventId: c.req.query('eventId') || undefined,
});
const filterOf = (c: Query) => validInput(filterSchema, queryOf(c));

export const adminInvoiceRoutes = new Hono<AppEnv>()
  .get('/invoices', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ invoices: await listAdminInvoices(c.get('deps').database.db, filterOf(c)) });
  })
  .get('/invoices.csv', allow('admin'), async (c) => {
    const filter = filterOf(c);
    const csv = await adminInvoicesCsv(c.get('deps').database.db, filter);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="rechnungen${filter.month ? `-${filter.month}` : ''}.csv"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.body(csv);
  })
  .get('/invoices.zip', allow('admin'), async (c) => {
    const filter = validInput(monthFilterSchema, queryOf(c));
    const { database, settings } = c.get('deps');
    const zip = await adminInvoicesZip(database.db, filter, (await settings.get()).brand.siteName);
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="${zip.fileName}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(new Uint8Array(zip.body));
  });

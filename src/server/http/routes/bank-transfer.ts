import { Hono } from 'hono';
import { z } from 'zod';
import { csvMappingsSchema } from '@shared/admin-settings';
import {
  BANK_IMPORT_MESSAGES,
  CSV_MESSAGES,
  EXTEND_DAYS_MAX,
  TRANSFER_ADMIN_MESSAGES,
} from '@shared/bank-transfer';
import { csvPreview } from '../../core/bank-transfer/csv-statement';
import { saveCsvMappings } from '../../core/settings/save-bank-transfer-settings';
import {
  extendDueDate,
  listTransferBookings,
  listTransferRefunds,
  markTransferPaid,
  markTransferRefundsPaid,
  transferRefundsPain001,
} from '../../core/bank-transfer/admin-transfers';
import {
  assignLine,
  importStatement,
  listBankLines,
  type BankDeps,
} from '../../core/bank-transfer/import-statement';
import {
  chooseBankTransfer,
  openTransfers,
  transferInstructions,
} from '../../core/bank-transfer/transfer-booking';
import { AppError } from '../../core/app-error';
import { mailContextOf } from '../../core/use-case-deps';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { uploadLimit } from '../upload-limit';
import { validBody, validInput } from '../validation';
import type { Context } from 'hono';

// 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md): the buyer's choice and instructions, and the
// admin's statement import.

/** A CAMT.053 file of a busy month is a few MB; 20 MB leaves room. */
const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
const STATEMENT_TOO_LARGE = 'Die Datei ist zu groß (höchstens 20 MB).';

const bankDeps = (c: Context<AppEnv>): BankDeps => {
  const deps = c.get('deps');
  return {
    db: deps.database.db,
    mail: () => mailContextOf(deps),
    settle: async (paymentId) => {
      await deps.payments.settleTransfer(paymentId);
      deps.outbox.kick();
    },
    settleLater: () => deps.bankTransfers.kick(),
  };
};

/** Mounted at /api/bookings. */
export const bookingTransferRoutes = new Hono<AppEnv>()
  .post('/:id/payment/bank-transfer', allow('user'), async (c) => {
    const user = await userOf(c);
    const deps = c.get('deps');
    const instructions = await chooseBankTransfer({
      db: deps.database.db,
      bookingId: c.req.param('id'),
      user,
      mail: await mailContextOf(deps),
    });
    deps.outbox.kick();
    return c.json(instructions);
  })
  .get('/:id/bank-transfer', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await transferInstructions(c.get('deps').database.db, c.req.param('id'), user));
  });

/** Mounted at /api/bank-transfers: 'Offene Überweisungen' in Meine Tickets. */
export const myTransferRoutes = new Hono<AppEnv>().get('/', allow('user'), async (c) => {
  const user = await userOf(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ transfers: await openTransfers(c.get('deps').database.db, user.id) });
});

const assignSchema = z.object({
  orderNumber: z.string(BANK_IMPORT_MESSAGES.orderNotFound).trim().min(1, BANK_IMPORT_MESSAGES.orderNotFound),
});

/** Mounted at /api/admin/bank-statements. */
export const adminBankStatementRoutes = new Hono<AppEnv>()
  .post('/', allow('admin'), uploadLimit(STATEMENT_MAX_BYTES, STATEMENT_TOO_LARGE), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string')
      throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.noFile);
    const user = await userOf(c);
    const mappingName = form?.get('mapping');
    const mapping =
      typeof mappingName === 'string' && mappingName !== ''
        ? (await c.get('deps').settings.get()).bankCsvMappings.mappings.find(
            (saved) => saved.name === mappingName,
          )
        : undefined;
    if (typeof mappingName === 'string' && mappingName !== '' && !mapping) {
      throw new AppError('validation_failed', CSV_MESSAGES.mappingUnknown);
    }
    const result = await importStatement(bankDeps(c), {
      fileName: file.name || 'Kontoauszug',
      content: Buffer.from(await file.arrayBuffer()),
      adminId: user.id,
      mapping,
    });
    c.get('deps').outbox.kick();
    return c.json(result);
  })
  .post('/csv-preview', allow('admin'), uploadLimit(STATEMENT_MAX_BYTES, STATEMENT_TOO_LARGE), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string')
      throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.noFile);
    return c.json(csvPreview(Buffer.from(await file.arrayBuffer())));
  })
  .get('/csv-mappings', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await c.get('deps').settings.get()).bankCsvMappings);
  })
  .put('/csv-mappings', allow('admin'), async (c) => {
    const input = validBody(c, csvMappingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveCsvMappings({ db: database.db, settings, input }));
  })
  .get('/lines', allow('admin'), async (c) => {
    const status = validInput(z.enum(['open', 'all']).default('open'), c.req.query('status') || undefined);
    c.header('Cache-Control', 'no-store');
    return c.json({ lines: await listBankLines(c.get('deps').database.db, { status }) });
  })
  .post('/lines/:id/assign', allow('admin'), async (c) => {
    const { orderNumber } = validBody(c, assignSchema);
    const lineId = validInput(z.uuid('Zeile nicht gefunden.'), c.req.param('id'));
    const user = await userOf(c);
    const line = await assignLine(bankDeps(c), { lineId, orderNumber, adminId: user.id });
    c.get('deps').outbox.kick();
    return c.json(line);
  });

const extendSchema = z.object({
  days: z
    .number(TRANSFER_ADMIN_MESSAGES.extendDays)
    .int(TRANSFER_ADMIN_MESSAGES.extendDays)
    .min(1, TRANSFER_ADMIN_MESSAGES.extendDays)
    .max(EXTEND_DAYS_MAX, TRANSFER_ADMIN_MESSAGES.extendDays),
});
const bookingIdOf = (c: Context<AppEnv>) =>
  validInput(z.uuid(TRANSFER_ADMIN_MESSAGES.notPending), c.req.param('bookingId'));

/** Mounted at /api/admin/bank-transfers (docs/product/bank-transfer.md#admin-actions). */
export const adminTransferRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ bookings: await listTransferBookings(c.get('deps').database.db) });
  })
  .post('/:bookingId/extend', allow('admin'), async (c) => {
    const { days } = validBody(c, extendSchema);
    const user = await userOf(c);
    return c.json(
      await extendDueDate(c.get('deps').database.db, { bookingId: bookingIdOf(c), days, actorId: user.id }),
    );
  })
  .post('/:bookingId/mark-paid', allow('admin'), async (c) => {
    const user = await userOf(c);
    const deps = c.get('deps');
    const paymentId = await markTransferPaid(deps.database.db, {
      bookingId: bookingIdOf(c),
      actorId: user.id,
    });
    await bankDeps(c).settle(paymentId);
    return c.json({ ok: true });
  });

const markRefundsSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** Mounted at /api/admin/transfer-refunds (docs/product/bank-transfer.md#refunds). */
export const adminTransferRefundRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ refunds: await listTransferRefunds(c.get('deps').database.db) });
  })
  .get('/pain001', allow('admin'), async (c) => {
    const now = new Date();
    const { xml } = await transferRefundsPain001(c.get('deps').database.db, now);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="Erstattungen-${now.toISOString().slice(0, 10)}.xml"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.body(xml);
  })
  .post('/mark-paid', allow('admin'), async (c) => {
    const { ids } = validBody(c, markRefundsSchema);
    const user = await userOf(c);
    return c.json({
      marked: await markTransferRefundsPaid(c.get('deps').database.db, { ids, actorId: user.id }),
    });
  });

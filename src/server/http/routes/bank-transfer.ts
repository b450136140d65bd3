import { Hono } from 'hono';
import { z } from 'zod';
import { csvMappingsSchema } from '@shared/admin-settings';
import {
  BANK_IMPORT_MESSAGES,
  BANK_IMPORT_PROGRESS_TYPE,
  CSV_MESSAGES,
  EXTEND_DAYS_MAX,
  TRANSFER_ADMIN_MESSAGES,
  type BankImportProgress,
  type BankImportResult,
} from '@shared/bank-statements';
import { STATEMENT_MAX_BYTES } from '../../core/bank-transfer/read-statement';
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
  previewCsvStatement,
} from '../../core/bank-transfer/import-statement';
import {
  chooseBankTransfer,
  openTransfers,
  transferInstructions,
} from '../../core/bank-transfer/transfer-booking';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../../core/app-error';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { uploadLimit } from '../upload-limit';
import { validBody, validInput } from '../validation';
import type { Context } from 'hono';

// 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md): the buyer's choice and instructions, and the
// admin's statement import.

/**
 * The import with progress (docs/product/bank-transfer.md#statement-import): waits until the file is read and
 * checked, so a bad file still gets its 422; then answers 'read' at once and 'done' or 'failed' when stored.
 */
async function importWithProgress(
  c: Context<AppEnv>,
  run: (
    onRead: (read: { format: BankImportResult['format']; linesTotal: number }) => void,
  ) => Promise<BankImportResult>,
): Promise<Response> {
  let onRead: (read: { format: BankImportResult['format']; linesTotal: number }) => void = () => {};
  const read = new Promise<{ format: BankImportResult['format']; linesTotal: number }>((resolve) => {
    onRead = resolve;
  });
  const importing = run(onRead);
  // a file that fails to read rejects here, before the answer starts: the ordinary 422
  const first = await Promise.race([read, importing.then(() => read)]);
  const { logger } = c.get('deps');
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // an admin who closed the page meanwhile: the import goes on, the answer goes nowhere
      const send = (event: BankImportProgress) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          // the stream is closed
        }
      };
      send({ phase: 'read', ...first });
      try {
        const result = await importing;
        send({ phase: 'done', result });
      } catch (error) {
        if (!(error instanceof AppError)) logger.error({ err: error }, 'bank statement import failed');
        const known = error instanceof AppError;
        send({
          phase: 'failed',
          status: known ? error.status : 500,
          error: {
            code: known ? error.code : 'internal',
            message: known ? error.message : GERMAN_DEFAULT_MESSAGES.internal,
          },
        });
      }
      try {
        controller.close();
      } catch {
        // closed by the client already
      }
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': `${BANK_IMPORT_PROGRESS_TYPE}; charset=utf-8`,
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}

/** Mounted at /api/bookings. */
export const bookingTransferRoutes = new Hono<AppEnv>()
  .post('/:id/payment/bank-transfer', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await chooseBankTransfer(c.get('deps'), { bookingId: c.req.param('id'), user }));
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
  .post('/', allow('admin'), uploadLimit(STATEMENT_MAX_BYTES, BANK_IMPORT_MESSAGES.tooLarge), async (c) => {
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
    const content = new Uint8Array(await file.arrayBuffer());
    const run = (onRead?: (read: { format: BankImportResult['format']; linesTotal: number }) => void) =>
      importStatement(c.get('deps'), { fileName: file.name, content, adminId: user.id, mapping, onRead });
    if ((c.req.header('Accept') ?? '').includes(BANK_IMPORT_PROGRESS_TYPE)) return importWithProgress(c, run);
    return c.json(await run());
  })
  .post(
    '/csv-preview',
    allow('admin'),
    uploadLimit(STATEMENT_MAX_BYTES, BANK_IMPORT_MESSAGES.tooLarge),
    async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('file');
      if (!file || typeof file === 'string')
        throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.noFile);
      const content = new Uint8Array(await file.arrayBuffer());
      return c.json(await previewCsvStatement(c.get('deps'), content));
    },
  )
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
    return c.json(await assignLine(c.get('deps'), { lineId, orderNumber, adminId: user.id }));
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
    await markTransferPaid(c.get('deps'), { bookingId: bookingIdOf(c), actorId: user.id });
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

import { Hono, type Context } from 'hono';
import { ZodError, type z } from 'zod';
import {
  adminEventBulkSchema,
  adminEventCreateSchema,
  adminEventUpdateSchema,
  type BulkEventAnswer,
} from '@shared/admin-events';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '@shared/image-upload';
import { AppError } from '../../core/app-error';
import { loadAdminEvent } from '../../core/admin-events/admin-event-view';
import { checkEventSlug } from '../../core/admin-events/check-event-slug';
import { createAdminEvent } from '../../core/admin-events/create-admin-event';
import { deleteAdminEvent, deleteAdminEvents } from '../../core/admin-events/delete-admin-events';
import { loadEventFormOptions } from '../../core/admin-events/event-form-options';
import { listAdminEvents } from '../../core/admin-events/list-admin-events';
import { publishAdminEvents } from '../../core/admin-events/publish-admin-events';
import { updateAdminEvent } from '../../core/admin-events/update-admin-event';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { uploadEventCover } from '../../core/admin-events/upload-event-cover';
import { renderEventTicketPreview } from '../../core/tickets/event-ticket-preview';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';
import { bodyOf } from '../json-body';
import { uploadLimit } from '../upload-limit';

/** Like bodyOf, but the answer's message is the first problem's German text (shown inline by the form). */
function validBody<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  try {
    return bodyOf(c, schema);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError('validation_failed', details[0]?.message ?? 'Bitte Eingaben prüfen.', details);
  }
}

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');
const db = (c: Context<AppEnv>) => c.get('deps').database.db;

// spec admin §2 events screens, §7 'events: insert; update by id; delete by id; publish'. Admins only
// (spec admin §2 'All admin routes … are for admins only'; DESIGN §4 'admin endpoints are admin-only').
export const adminEventRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await listAdminEvents({ db: db(c) }));
  })
  .get('/form-options', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadEventFormOptions(db(c)));
  })
  .get('/slug-check', allow('admin'), async (c) => {
    noStore(c);
    const slug = c.req.query('slug') ?? '';
    const exceptId = c.req.query('exceptId') || undefined;
    return c.json(await checkEventSlug({ db: db(c), slug, exceptId }));
  })
  .post('/bulk/publish', allow('admin'), async (c) => {
    const { ids } = validBody(c, adminEventBulkSchema);
    return c.json({ results: await publishAdminEvents({ db: db(c), ids }) } satisfies BulkEventAnswer);
  })
  .post('/bulk/delete', allow('admin'), async (c) => {
    const { ids } = validBody(c, adminEventBulkSchema);
    const results = await deleteAdminEvents({ db: db(c), storage: c.get('deps').storage, ids });
    return c.json({ results } satisfies BulkEventAnswer);
  })
  .post('/', allow('admin'), async (c) => {
    const input = validBody(c, adminEventCreateSchema);
    const user = await userOf(c);
    const created = await createAdminEvent({ db: db(c), input, creatorId: user.id });
    const { storage, settings, logger } = c.get('deps');
    // spec admin §8: the ticket preview render on creation only logs a failure; it never blocks the save.
    void settings
      .get()
      .then(({ brand }) =>
        renderEventTicketPreview({ db: db(c), storage, siteName: brand.siteName, eventId: created.id }),
      )
      .catch((error: unknown) =>
        logger.warn({ err: error, eventId: created.id }, 'ticket preview not rendered'),
      );
    return c.json(created, 201);
  })
  .get('/:id', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadAdminEvent(db(c), c.req.param('id')));
  })
  .patch('/:id', allow('admin'), async (c) => {
    const update = validBody(c, adminEventUpdateSchema);
    const user = await userOf(c);
    const { settings, config, payments, outbox } = c.get('deps');
    const saved = await updateAdminEvent({
      db: db(c),
      id: c.req.param('id'),
      update,
      actorId: user.id,
      mail: mailContextFrom(await settings.get(), config),
      sendRefunds: (ids) => payments.sendRefunds(ids),
    });
    outbox.kick();
    return c.json(saved);
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteAdminEvent({ db: db(c), storage: c.get('deps').storage, id: c.req.param('id') });
    return c.json({ ok: true });
  })
  .post(
    '/:id/cover',
    allow('admin'),
    // Checked before the body is read; app.ts exempts this path from the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('file');
      if (!file || typeof file === 'string') {
        throw new AppError('bad_request', 'Bitte eine Bilddatei im Feld „file“ senden.');
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const { database, storage } = c.get('deps');
      return c.json(await uploadEventCover({ db: database.db, storage, eventId: c.req.param('id'), bytes }));
    },
  );

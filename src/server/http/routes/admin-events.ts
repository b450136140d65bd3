import { Hono, type Context } from 'hono';
import {
  adminEventBulkSchema,
  adminEventCreateSchema,
  adminEventUpdateSchema,
  type BulkEventAnswer,
} from '@shared/admin-events';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '@shared/image-upload';
import { loadAdminEvent } from '../../core/admin-events/admin-event-view';
import { checkEventSlug } from '../../core/admin-events/check-event-slug';
import { createAdminEvent } from '../../core/admin-events/create-admin-event';
import { deleteAdminEvent, deleteAdminEvents } from '../../core/admin-events/delete-admin-events';
import { loadEventFormOptions } from '../../core/admin-events/event-form-options';
import { listAdminEvents } from '../../core/admin-events/list-admin-events';
import { publishAdminEvents } from '../../core/admin-events/publish-admin-events';
import { updateAdminEvent } from '../../core/admin-events/update-admin-event';
import { uploadEventCover } from '../../core/admin-events/upload-event-cover';
import { confirmMinimumAttendance } from '../../core/event-mails/confirm-minimum-attendance';
import { loadAdminWaitlist } from '../../core/waitlist/admin-waitlist';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { uploadedFile, uploadLimit } from '../upload-limit';
import { validBody } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');
const db = (c: Context<AppEnv>) => c.get('deps').database.db;

// The events of the back office: insert, update by id, delete by id, publish. Admins only
// (docs/product/admin.md#admin-area-admins-only, docs/product/admin.md#organizer-role).
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
    return c.json(await createAdminEvent(c.get('deps'), { input, creatorId: user.id }), 201);
  })
  .get('/:id', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadAdminEvent(db(c), c.req.param('id')));
  })
  // the event's waiting list (docs/product/waiting-list.md#admin-waitlist)
  .get('/:id/waitlist', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadAdminWaitlist(db(c), c.req.param('id')));
  })
  // 'Findet statt' before the decision time (docs/product/event-mails.md#minimum-attendance)
  .post('/:id/confirm-minimum', allow('admin'), async (c) => {
    return c.json(await confirmMinimumAttendance(db(c), { eventId: c.req.param('id') }));
  })
  .patch('/:id', allow('admin'), async (c) => {
    const update = validBody(c, adminEventUpdateSchema);
    const user = await userOf(c);
    return c.json(await updateAdminEvent(c.get('deps'), { id: c.req.param('id'), update, actorId: user.id }));
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteAdminEvent({ db: db(c), storage: c.get('deps').storage, id: c.req.param('id') });
    return c.json({ ok: true });
  })
  .post(
    '/:id/cover',
    allow('admin'),
    // Checked before the body is read, instead of the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    async (c) => {
      const bytes = await uploadedFile(c);
      const { database, storage } = c.get('deps');
      return c.json(await uploadEventCover({ db: database.db, storage, eventId: c.req.param('id'), bytes }));
    },
  );

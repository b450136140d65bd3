import { Hono, type Context } from 'hono';
import { seriesCreateSchema, seriesFutureUpdateSchema } from '@shared/series';
import { createSeries } from '../../core/series/create-series';
import { duplicateEvent } from '../../core/series/duplicate-event';
import { loadAdminSeries } from '../../core/series/load-admin-series';
import { previewSeries } from '../../core/series/preview-series';
import { updateFutureSeriesDates } from '../../core/series/update-future-dates';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

// Event series and copies in the back office (docs/product/event-series.md), admins only
// (docs/product/admin.md#admin-area-admins-only). Mounted at /api/admin.
export const adminSeriesRoutes = new Hono<AppEnv>()
  .post('/events/:id/duplicate', allow('admin'), async (c) => {
    const user = await userOf(c);
    return c.json(await duplicateEvent(c.get('deps'), { eventId: c.req.param('id'), actorId: user.id }), 201);
  })
  .post('/events/:id/series/preview', allow('admin'), async (c) => {
    const { rule } = validBody(c, seriesCreateSchema);
    noStore(c);
    return c.json(await previewSeries(c.get('deps').database.db, { eventId: c.req.param('id'), rule }));
  })
  .post('/events/:id/series', allow('admin'), async (c) => {
    const { rule } = validBody(c, seriesCreateSchema);
    const user = await userOf(c);
    return c.json(
      await createSeries(c.get('deps'), { eventId: c.req.param('id'), rule, creatorId: user.id }),
      201,
    );
  })
  .get('/series/:id', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadAdminSeries(c.get('deps').database.db, c.req.param('id')));
  })
  .patch('/series/:id/future', allow('admin'), async (c) => {
    const update = validBody(c, seriesFutureUpdateSchema);
    const user = await userOf(c);
    return c.json(
      await updateFutureSeriesDates(c.get('deps'), { seriesId: c.req.param('id'), update, actorId: user.id }),
    );
  });

import { Hono } from 'hono';
import { listPublicOrganizers } from '../../core/events/list-public-organizers';
import { allow } from '../access';
import type { AppEnv } from '../context';

/** GET /api/organizers: the home page's 'Wer wir sind' (PublicOrganizer[]). */
export const organizerRoutes = new Hono<AppEnv>().get('/', allow('public'), async (c) => {
  const organizers = await listPublicOrganizers(c.get('deps').database.db);
  c.header('Cache-Control', 'no-cache');
  return c.json(organizers);
});

import { Hono } from 'hono';
import { listOrganizerEvents } from '../../core/participants/list-organizer-events';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';

// The organizer area: an organizer's assigned events, all events for admins
// (docs/product/organizer-day.md#organizer-area).
export const organizerAreaRoutes = new Hono<AppEnv>().get(
  '/events',
  allow('organizer', 'admin'),
  async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listOrganizerEvents(c.get('deps').database.db, user));
  },
);

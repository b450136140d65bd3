import { Hono } from 'hono';
import { loadEventStats } from '../../core/admin-dashboard/load-event-stats';
import { assertMayRunEvent } from '../../core/participants/assert-may-run-event';
import { listOrganizerEvents } from '../../core/participants/list-organizer-events';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';

// The organizer area: an organizer's assigned events, all events for admins
// (docs/product/organizer-day.md#organizer-area), and an event's charts for its organizers and the admins
// (docs/product/charts.md#event-chart); the assignment is checked for every call.
export const organizerAreaRoutes = new Hono<AppEnv>()
  .get('/events', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listOrganizerEvents(c.get('deps').database.db, user));
  })
  .get('/events/:eventId/stats', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const { db } = c.get('deps').database;
    const event = await assertMayRunEvent(db, user, c.req.param('eventId'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await loadEventStats({ db, event }));
  });

import { Hono } from 'hono';
import { participantsCsvFileName } from '@shared/participants';
import { listParticipants, participantsCsv } from '../../core/participants/list-participants';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';

// The participant list of an event and its CSV, for admins and the event's organizers
// (docs/product/organizer-day.md#participants); the assignment is checked in core for every call.
export const participantRoutes = new Hono<AppEnv>()
  .get('/:eventId', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const list = await listParticipants(c.get('deps').database.db, user, c.req.param('eventId'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(list);
  })
  .get('/:eventId/csv', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const { slug, csv } = await participantsCsv(c.get('deps').database.db, user, c.req.param('eventId'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${participantsCsvFileName(slug)}"`,
      'Cache-Control': 'private, no-store',
    });
  });

import { Hono } from 'hono';
import { checkInRequestSchema } from '@shared/participants';
import { assertMayRunEvent } from '../../core/participants/assert-may-run-event';
import { checkIn, undoCheckIn } from '../../core/participants/check-in';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

// Check-in at the door (docs/product/organizer-day.md#check-in): by scan or ticket id, answering a
// CheckInOutcome; DELETE takes a check-in back. Admins and the event's organizers only.
export const checkInRoutes = new Hono<AppEnv>()
  .post('/:eventId', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const db = c.get('deps').database.db;
    const eventId = c.req.param('eventId');
    // who may not run the event learns nothing, not even whether the body was valid
    await assertMayRunEvent(db, user, eventId);
    const request = validBody(c, checkInRequestSchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await checkIn(db, user, eventId, request));
  })
  .delete('/:eventId/:ticketId', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const participant = await undoCheckIn(
      c.get('deps').database.db,
      user,
      c.req.param('eventId'),
      c.req.param('ticketId'),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(participant);
  });

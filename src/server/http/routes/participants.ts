import { Hono } from 'hono';
import { participantMessageSchema } from '@shared/mail-rules';
import { participantsCsvFileName } from '@shared/participants';
import {
  listParticipantMessages,
  previewParticipantMessage,
  sendParticipantMessage,
} from '../../core/event-mails/participant-message';
import { assertMayRunEvent } from '../../core/participants/assert-may-run-event';
import { listParticipants, participantsCsv } from '../../core/participants/list-participants';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

// The participant list of an event and its CSV, for admins and the event's organizers
// (docs/product/organizer-day.md#participants), and 'Nachricht an alle' to them
// (docs/product/event-mails.md#participant-message); the assignment is checked in core for every call.
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
  })
  .get('/:eventId/messages', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const log = await listParticipantMessages(c.get('deps').database.db, user, c.req.param('eventId'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(log);
  })
  .post('/:eventId/message/preview', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const deps = c.get('deps');
    const eventId = c.req.param('eventId');
    // who may not run the event learns nothing, not even whether the body was valid
    await assertMayRunEvent(deps.database.db, user, eventId);
    const input = validBody(c, participantMessageSchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await previewParticipantMessage(deps, { actor: user, eventId, input }));
  })
  .post('/:eventId/message', allow('organizer', 'admin'), async (c) => {
    const user = await userOf(c);
    const deps = c.get('deps');
    const eventId = c.req.param('eventId');
    await assertMayRunEvent(deps.database.db, user, eventId);
    const input = validBody(c, participantMessageSchema);
    return c.json(await sendParticipantMessage(deps, { actor: user, eventId, input }));
  });

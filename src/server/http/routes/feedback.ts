import { Hono, type Context } from 'hono';
import {
  feedbackAnswerSchema,
  feedbackCsvFileName,
  feedbackFeatureSchema,
  feedbackSettingsSchema,
  FEEDBACK_MESSAGES,
} from '@shared/feedback';
import { listFeaturedFeedback } from '../../core/feedback/featured-feedback';
import {
  feedbackCsv,
  loadFeedbackResults,
  setFeedbackEnabled,
  setFeedbackFeatured,
} from '../../core/feedback/feedback-results';
import { loadSurvey, submitFeedback } from '../../core/feedback/survey';
import { assertMayRunEvent } from '../../core/participants/assert-may-run-event';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'private, no-store');

/** The event of the path, when the signed-in admin or assigned organizer may run it (else 403/404). */
const eventOf = async (c: Context<AppEnv>) =>
  assertMayRunEvent(c.get('deps').database.db, await userOf(c), c.req.param('eventId') ?? '');

// The survey 'Wie war's?' (docs/product/feedback.md): the participant's page by signed link without sign-in,
// the featured comments of the public pages, and the results with the switch for admins and the event's
// organizers (the assignment is checked for every call, as for the participant list). Mounted at /api/feedback.
export const feedbackRoutes = new Hono<AppEnv>()
  .get('/survey/:token', allow('public'), async (c) => {
    const { database, config } = c.get('deps');
    noStore(c);
    return c.json(await loadSurvey(database.db, { secret: config.appSecret, token: c.req.param('token') }));
  })
  .post('/survey/:token', allow('public'), async (c) => {
    const { database, config } = c.get('deps');
    const answer = validBody(c, feedbackAnswerSchema);
    await submitFeedback(database.db, { secret: config.appSecret, token: c.req.param('token'), answer });
    return c.json({ message: FEEDBACK_MESSAGES.thanks }, 201);
  })
  .get('/featured', allow('public'), async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await listFeaturedFeedback(c.get('deps').database.db));
  })
  .get('/events/:eventId', allow('organizer', 'admin'), async (c) => {
    const event = await eventOf(c);
    noStore(c);
    return c.json(await loadFeedbackResults(c.get('deps').database.db, event));
  })
  .get('/events/:eventId/csv', allow('organizer', 'admin'), async (c) => {
    const event = await eventOf(c);
    return c.body(await feedbackCsv(c.get('deps').database.db, event), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${feedbackCsvFileName(event.slug)}"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .put('/events/:eventId/settings', allow('organizer', 'admin'), async (c) => {
    // who may not run the event learns nothing, not even whether the body was valid
    const event = await eventOf(c);
    const { enabled } = validBody(c, feedbackSettingsSchema);
    await setFeedbackEnabled(c.get('deps').database.db, event, enabled);
    return c.json({
      enabled,
      message: enabled ? FEEDBACK_MESSAGES.switchedOn : FEEDBACK_MESSAGES.switchedOff,
    });
  })
  .put('/events/:eventId/answers/:answerId/featured', allow('organizer', 'admin'), async (c) => {
    const event = await eventOf(c);
    const { featured } = validBody(c, feedbackFeatureSchema);
    const answerId = c.req.param('answerId');
    const answer = await setFeedbackFeatured(c.get('deps').database.db, { event, answerId, featured });
    return c.json({
      answer,
      message: featured ? FEEDBACK_MESSAGES.featured : FEEDBACK_MESSAGES.unfeatured,
    });
  });

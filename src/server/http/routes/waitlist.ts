import { Hono, type MiddlewareHandler } from 'hono';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import { joinWaitlistSchema } from '@shared/waitlist-schemas';
import { AppError } from '../../core/app-error';
import { offerByHand } from '../../core/waitlist/admin-waitlist';
import { endWaitlistEntry, joinWaitlist, listMyWaitlist } from '../../core/waitlist/my-waitlist';
import { allow, currentSession, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

/** Joining while signed out answers 401 with the list's own text (docs/product/waiting-list.md#join). */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentSession(c))) throw new AppError('unauthorized', WAITLIST_MESSAGES.signIn);
  return next();
};

// The signed-in person's entries: join, see, leave or give an offered seat back (docs/product/waiting-list.md).
export const waitlistRoutes = new Hono<AppEnv>()
  .get('/', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listMyWaitlist(c.get('deps').database.db, user.id));
  })
  .post('/', signedIn, allow('user'), async (c) => {
    const { eventId } = validBody(c, joinWaitlistSchema, 'general');
    const user = await userOf(c);
    return c.json(await joinWaitlist(c.get('deps'), { user, eventId }), 201);
  })
  .delete('/:id', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await endWaitlistEntry(c.get('deps'), { entryId: c.req.param('id'), ownerId: user.id }));
  });

// The admin's list of an event and its two actions (docs/product/waiting-list.md#admin-waitlist).
// The list itself is GET /api/admin/events/:id/waitlist (admin-events.ts).
export const adminWaitlistRoutes = new Hono<AppEnv>()
  .delete('/:id', allow('admin'), async (c) => {
    return c.json(await endWaitlistEntry(c.get('deps'), { entryId: c.req.param('id'), ownerId: null }));
  })
  .post('/:id/offer', allow('admin'), async (c) => {
    return c.json(await offerByHand(c.get('deps'), { entryId: c.req.param('id') }));
  });

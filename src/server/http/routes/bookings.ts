import { Hono, type MiddlewareHandler } from 'hono';
import { BOOKING_MESSAGES, createBookingSchema } from '@shared/booking';
import { AppError } from '../../core/app-error';
import { createBooking } from '../../core/bookings/create-booking';
import { getBooking } from '../../core/bookings/get-booking';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { allow, currentSession, userOf } from '../access';
import type { AppEnv } from '../app';
import { bodyOf } from '../json-body';

/** spec visitor §5: booking while signed out answers 401 with the booking's own text. */
const signedInToBook: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentSession(c))) throw new AppError('unauthorized', BOOKING_MESSAGES.signInRequired);
  return next();
};

// spec visitor §4 'Booking'; DESIGN §4. Prices and seats are decided by the server.
export const bookingRoutes = new Hono<AppEnv>()
  .post('/', signedInToBook, allow('user'), async (c) => {
    const input = bodyOf(c, createBookingSchema);
    const user = await userOf(c);
    const { db } = c.get('deps').database;
    try {
      const { provider } = await c.get('deps').payments.config();
      const { settings, config } = c.get('deps');
      const mail = mailContextFrom(await settings.get(), config);
      const booking = await createBooking({
        db,
        userId: user.id,
        user,
        input,
        paymentsAvailable: provider !== null,
        mail,
        announceSeats: (eventId) => c.get('deps').seatNotifier.touch(eventId),
      });
      if (booking.status === 'confirmed') c.get('deps').outbox.kick(); // a free booking's mail
      return c.json(booking, 201);
    } catch (error) {
      if (error instanceof AppError) throw error;
      c.get('deps').logger.error({ err: error, eventId: input.eventId }, 'booking failed');
      throw new AppError('internal', BOOKING_MESSAGES.failed);
    }
  })
  .get('/:id', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getBooking({ db: c.get('deps').database.db, bookingId: c.req.param('id'), user }));
  })
  // spec visitor §7 create-stripe-payment: the amount is the booking's, never the client's (DESIGN §4).
  .post('/:id/payment', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('deps').payments.start(c.req.param('id'), user));
  })
  .post('/:id/payment/test/complete', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await c.get('deps').payments.settleTestPayment(c.req.param('id'), user, true));
  })
  .post('/:id/payment/test/decline', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await c.get('deps').payments.settleTestPayment(c.req.param('id'), user, false));
  })
  .post('/:id/payment/sync', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await c.get('deps').payments.sync(c.req.param('id'), user));
  });

import { Hono, type MiddlewareHandler } from 'hono';
import { BOOKING_MESSAGES } from '@shared/booking';
import { createBookingSchema } from '@shared/booking-schemas';
import { AppError } from '../../core/app-error';
import { getBooking } from '../../core/bookings/get-booking';
import { placeBooking } from '../../core/bookings/place-booking';
import { allow, currentSession, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

/**
 * Booking while signed out answers 401 with the booking's own text
 * (docs/product/booking-and-seats.md#sign-in-to-book).
 */
const signedInToBook: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await currentSession(c))) throw new AppError('unauthorized', BOOKING_MESSAGES.signInRequired);
  return next();
};

// Prices and seats are decided by the server (docs/product/booking-and-seats.md#placing-an-order).
export const bookingRoutes = new Hono<AppEnv>()
  .post('/', signedInToBook, allow('user'), async (c) => {
    const input = validBody(c, createBookingSchema, 'general');
    const user = await userOf(c);
    return c.json(await placeBooking(c.get('deps'), { user, input }), 201);
  })
  .get('/:id', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await getBooking({ db: c.get('deps').database.db, bookingId: c.req.param('id'), user }));
  })
  // The amount is the booking's, never the client's (docs/product/payments.md#server-amount).
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

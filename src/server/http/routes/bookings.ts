import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { BOOKING_MESSAGES } from '@shared/booking';
import { answersSchema, createBookingSchema } from '@shared/booking-schemas';
import { testDebitBodySchema, testPaymentBodySchema } from '@shared/payment-method-schema';
import { AppError } from '../../core/app-error';
import { getBooking } from '../../core/bookings/get-booking';
import { placeBooking } from '../../core/bookings/place-booking';
import { updateAnswers } from '../../core/bookings/update-answers';
import { giveTestDebit, settleTestPayment } from '../../core/payments/settle-test-payment';
import { startPayment } from '../../core/payments/start-payment';
import { syncBookingPayment } from '../../core/payments/sync-booking-payment';
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
  // the buyer's answers, until the event starts (docs/product/ticket-categories.md#answers)
  .put('/:id/answers', allow('user'), async (c) => {
    const { answers } = validBody(c, z.object({ answers: answersSchema }), 'general');
    const user = await userOf(c);
    const db = c.get('deps').database.db;
    return c.json(await updateAnswers({ db, bookingId: c.req.param('id'), user, answers }));
  })
  // The amount is the booking's, never the client's (docs/product/payments.md#server-amount).
  .post('/:id/payment', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await startPayment(c.get('deps'), { bookingId: c.req.param('id'), user }));
  })
  // The test provider (docs/decisions/056-payment-methods-and-the-checkout.md): the method picked on its page
  .post('/:id/payment/test/complete', allow('user'), async (c) => {
    const { method } = validBody(c, testPaymentBodySchema);
    const user = await userOf(c);
    const input = { bookingId: c.req.param('id'), user, succeed: true, method };
    return c.json(await settleTestPayment(c.get('deps'), input));
  })
  .post('/:id/payment/test/decline', allow('user'), async (c) => {
    const { method } = validBody(c, testPaymentBodySchema);
    const user = await userOf(c);
    const input = { bookingId: c.req.param('id'), user, succeed: false, method };
    return c.json(await settleTestPayment(c.get('deps'), input));
  })
  .post('/:id/payment/test/debit', allow('user'), async (c) => {
    const { outcome } = validBody(c, testDebitBodySchema);
    const user = await userOf(c);
    return c.json(await giveTestDebit(c.get('deps'), { bookingId: c.req.param('id'), user, outcome }));
  })
  .post('/:id/payment/sync', allow('user'), async (c) => {
    const user = await userOf(c);
    return c.json(await syncBookingPayment(c.get('deps'), { bookingId: c.req.param('id'), user }));
  });

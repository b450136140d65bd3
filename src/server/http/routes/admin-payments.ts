import { Hono } from 'hono';
import { z } from 'zod';
import { ADMIN_PAYMENT_MESSAGES } from '@shared/admin-payments';
import { reconcileBooking } from '../../core/payments/reconcile-booking';
import { retryRefund } from '../../core/payments/retry-refund';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validInput } from '../validation';

// The admin's payment actions (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md): 'Mit Stripe
// abgleichen' on a booking and 'Erneut versuchen' on a failed refund. Admins only.
export const adminPaymentRoutes = new Hono<AppEnv>()
  .post('/bookings/:id/reconcile', allow('admin'), async (c) => {
    const bookingId = validInput(z.uuid(ADMIN_PAYMENT_MESSAGES.bookingNotFound), c.req.param('id'));
    const admin = await userOf(c);
    return c.json(await reconcileBooking(c.get('deps'), { bookingId, actorId: admin.id }));
  })
  .post('/refunds/:id/retry', allow('admin'), async (c) => {
    const refundId = validInput(z.uuid(ADMIN_PAYMENT_MESSAGES.refundNotFound), c.req.param('id'));
    const admin = await userOf(c);
    return c.json(await retryRefund(c.get('deps'), { refundId, actorId: admin.id }));
  });

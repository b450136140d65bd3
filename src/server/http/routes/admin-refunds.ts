import { Hono } from 'hono';
import { adminRefundLookupSchema } from '@shared/admin-refunds';
import { emailTestSchema } from '@shared/email-tests';
import { adminRefund, adminRefundSchema } from '../../core/payments/admin-refund';
import { lookupRefundBooking } from '../../core/payments/lookup-refund-booking';
import { sendTestEmails } from '../../core/mail/send-test-emails';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';
import { bodyOf } from '../json-body';
import { validBody, validInput } from './admin-input';

// spec admin §2 'Admin Refund' (admin_refund) and the e-mail tests card (admin-test-emails). Admins only.
export const adminRefundRoutes = new Hono<AppEnv>()
  // what the card shows before the admin confirms (docs/decisions/020-order-numbers.md)
  .get('/refunds/lookup', allow('admin'), async (c) => {
    const { q } = validInput(adminRefundLookupSchema, { q: c.req.query('q') });
    c.header('Cache-Control', 'no-store');
    return c.json(await lookupRefundBooking({ db: c.get('deps').database.db, reference: q }));
  })
  .post('/refunds', allow('admin'), async (c) => {
    // the first problem's German text is the message the card shows
    const input = validBody(c, adminRefundSchema);
    const admin = await userOf(c);
    const { database, settings, config, payments, outbox } = c.get('deps');
    const result = await adminRefund({
      db: database.db,
      input,
      adminId: admin.id,
      mail: mailContextFrom(await settings.get(), config),
    });
    outbox.kick();
    await payments.sendRefunds([result.refundId]);
    return c.json({
      refund: {
        amountCents: result.amountCents,
        amount: result.amountCents / 100,
        currency: result.currency,
      },
    });
  })
  .post('/email-tests', allow('admin'), async (c) => {
    const { emailType, targetEmail } = bodyOf(c, emailTestSchema);
    const { settings, config, outbox } = c.get('deps');
    return c.json(
      await sendTestEmails({
        type: emailType,
        to: targetEmail,
        context: mailContextFrom(await settings.get(), config),
        send: (mail) => outbox.sendNow(mail),
      }),
    );
  });

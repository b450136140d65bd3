import { Hono } from 'hono';
import { adminRefundLookupSchema } from '@shared/admin-refunds';
import { emailTestSchema } from '@shared/admin-test-mails';
import { adminRefundSchema } from '../../core/payments/admin-refund';
import { issueAdminRefund } from '../../core/payments/issue-admin-refund';
import { listAdminRefunds } from '../../core/payments/list-admin-refunds';
import { lookupRefundBooking } from '../../core/payments/lookup-refund-booking';
import { sendTestEmails } from '../../core/admin-test-mails/send-test-emails';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody, validInput } from '../validation';

// Admin Refund (docs/product/admin.md#admin-refund) and the e-mail tests card
// (docs/product/admin.md#email-tests). Admins only.
export const adminRefundRoutes = new Hono<AppEnv>()
  // what the card shows before the admin confirms (docs/decisions/020-order-numbers.md)
  .get('/refunds/lookup', allow('admin'), async (c) => {
    const { q } = validInput(adminRefundLookupSchema, { q: c.req.query('q') });
    c.header('Cache-Control', 'no-store');
    return c.json(await lookupRefundBooking({ db: c.get('deps').database.db, reference: q }));
  })
  // the refunds list, failed ones first (docs/product/payments.md#method-names)
  .get('/refunds', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ refunds: await listAdminRefunds(c.get('deps').database.db) });
  })
  .post('/refunds', allow('admin'), async (c) => {
    // the first problem's German text is the message the card shows
    const input = validBody(c, adminRefundSchema);
    const admin = await userOf(c);
    const result = await issueAdminRefund(c.get('deps'), { input, adminId: admin.id });
    return c.json({
      refund: {
        amountCents: result.amountCents,
        amount: result.amountCents / 100,
        currency: result.currency,
      },
    });
  })
  .post('/email-tests', allow('admin'), async (c) => {
    const { emailType, targetEmail } = validBody(c, emailTestSchema, 'general');
    return c.json(await sendTestEmails(c.get('deps'), { type: emailType, to: targetEmail }));
  });

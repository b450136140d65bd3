import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from './context';
import { csrfProtection } from './csrf';
import { authRoutes } from './routes/auth';
import { devMailRoutes } from './routes/dev-mails';
import { backupRoutes } from './routes/backup';
import { setupRoutes } from './routes/setup';
import { eventRoutes } from './routes/events';
import { organizerRoutes } from './routes/organizers';
import { adminUserRoutes } from './routes/admin-users';
import { adminSettingsRoutes } from './routes/admin-settings';
import { adminEventRoutes } from './routes/admin-events';
import { adminSeriesRoutes } from './routes/admin-series';
import { adminCertificateRoutes, certificateRoutes } from './routes/certificates';
import { bookingRoutes } from './routes/bookings';
import { paymentRoutes } from './routes/payments';
import { ticketRoutes } from './routes/tickets';
import { adminInvoiceRoutes, invoiceRoutes } from './routes/invoices';
import { adminAccountingRoutes } from './routes/admin-accounting';
import { adminTicketRoutes } from './routes/admin-tickets';
import { adminRefundRoutes } from './routes/admin-refunds';
import { adminPaymentRoutes } from './routes/admin-payments';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { participantRoutes } from './routes/participants';
import { feedbackRoutes } from './routes/feedback';
import { organizerAreaRoutes } from './routes/organizer-area';
import { checkInRoutes } from './routes/check-in';
import { adminWaitlistRoutes, waitlistRoutes } from './routes/waitlist';
import { mailRuleRoutes } from './routes/mail-rules';
import { adminDiscountCodeRoutes, discountCodeRoutes } from './routes/discount-codes';
import { adminWebhookRoutes } from './routes/webhooks';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';
import { errorBody, handleError } from './errors';
import { jsonBody } from './json-body';
import { refuseBadCharacters } from './input-characters';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { healthRoutes } from './routes/health';
import { settingsRoutes } from './routes/settings';
import { sessionRoutes } from './routes/session';
import { clientRoutes } from './routes/client';
import { widgetRoutes } from './routes/widget';
import { profileRoutes } from './routes/profile';
import { accountDeletionRoutes } from './routes/account-deletion';
import {
  adminBankStatementRoutes,
  adminTransferRefundRoutes,
  adminTransferRoutes,
  bookingTransferRoutes,
  myTransferRoutes,
} from './routes/bank-transfer';
import { privacyExportRoutes } from './routes/privacy-export';
import { newsletterRoutes } from './routes/newsletter';
import { uploadRoutes } from './routes/uploads';
import { adminApiKeyRoutes } from './routes/api-keys';
import { apiV1Routes } from './routes/api-v1/api-v1';
import { isUploadRequest } from './upload-limit';
import { closeAfterUnreadBody } from './unread-body';
import { metricsEndpoint, requestMetrics } from './metrics';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.logger));
  app.use('*', closeAfterUnreadBody);
  app.use('*', requestMetrics(deps.metrics));
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders(deps.config.publicUrl));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError('payload_too_large', GERMAN_DEFAULT_MESSAGES.payload_too_large);
    },
  });
  // Uploads (multipart to a route that declares `uploadLimit`) get that larger limit instead (upload-limit.ts).
  // GET and HEAD carry no body: the limit would only build a Fetch Request per call (7 % of a GET's CPU).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isUploadRequest(c) ? next() : jsonLimit(c, next),
  );
  // /api/v1 takes API keys only, never cookies: no CSRF to guard against (docs/product/api.md#auth)
  const csrf = csrfProtection(deps.config.publicUrl, ['/api/payments/stripe/webhook']);
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/v1/') ? next() : csrf(c, next)));
  app.use('/api/*', jsonBody);
  app.use('*', refuseBadCharacters);

  app.route('/api/health', healthRoutes);
  app.route('/api/settings', settingsRoutes);
  app.route('/api/session', sessionRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/events', eventRoutes);
  app.route('/api/organizers', organizerRoutes);
  app.route('/api/widget', widgetRoutes); // docs/product/widget.md#origin-check
  app.route('/api/admin/users', adminUserRoutes);
  app.route('/api/admin/settings', adminSettingsRoutes);
  app.route('/api/admin/events', adminEventRoutes);
  app.route('/api/admin', adminSeriesRoutes);
  app.route('/api/admin', adminCertificateRoutes); // docs/product/certificates.md
  app.route('/api/certificates', certificateRoutes);
  app.route('/api/dev/mails', devMailRoutes);
  app.route('/api/backup', backupRoutes);
  app.route('/api/profile', profileRoutes);
  app.route('/api/profile', accountDeletionRoutes);
  app.route('/api/profile/export', privacyExportRoutes);
  app.route('/api/newsletter', newsletterRoutes);
  app.route('/api/bookings', bookingRoutes);
  app.route('/api/bookings', bookingTransferRoutes);
  app.route('/api/bank-transfers', myTransferRoutes);
  app.route('/api/admin/bank-statements', adminBankStatementRoutes);
  app.route('/api/admin/bank-transfers', adminTransferRoutes);
  app.route('/api/admin/transfer-refunds', adminTransferRefundRoutes);
  app.route('/api/payments', paymentRoutes);
  app.route('/api/tickets', ticketRoutes);
  app.route('/api/invoices', invoiceRoutes);
  app.route('/api/admin', adminInvoiceRoutes);
  app.route('/api/admin/accounting', adminAccountingRoutes); // docs/product/accounting.md
  app.route('/api/admin/tickets', adminTicketRoutes);
  app.route('/api/admin', adminRefundRoutes);
  app.route('/api/admin', adminPaymentRoutes);
  app.route('/api/admin/dashboard', adminDashboardRoutes);
  app.route('/api/participants', participantRoutes);
  app.route('/api/feedback', feedbackRoutes); // docs/product/feedback.md
  app.route('/api/organizer', organizerAreaRoutes);
  app.route('/api/checkin', checkInRoutes);
  app.route('/api/waitlist', waitlistRoutes);
  app.route('/api/admin/waitlist', adminWaitlistRoutes);
  app.route('/api/admin/mail-rules', mailRuleRoutes);
  app.route('/api/admin/discount-codes', adminDiscountCodeRoutes);
  app.route('/api/admin/webhooks', adminWebhookRoutes); // docs/product/webhooks.md#endpoints
  app.route('/api/discount-codes', discountCodeRoutes);
  app.route('/api/admin/api-keys', adminApiKeyRoutes);
  app.route('/api/v1', apiV1Routes());
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Diese API-Route gibt es nicht.'), 404));

  // outside /api, so neither the CSRF check nor the JSON body parsing applies; before the client's catch-all
  app.get('/metrics', metricsEndpoint);
  app.route('/uploads', uploadRoutes(deps.storage, deps.config.s3?.publicUrl));
  if (deps.webRoot) app.route('/', clientRoutes(deps.webRoot));
  return app;
}

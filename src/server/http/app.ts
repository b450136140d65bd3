import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { SettingsStore } from '../core/settings/settings-store';
import type { Auth } from '../core/auth/auth';
import type { OutboxWorker } from '../jobs/outbox-worker';
import type { CurrentSession } from './access';
import { csrfProtection } from './csrf';
import { authRoutes } from './routes/auth';
import { devMailRoutes } from './routes/dev-mails';
import { setupRoutes } from './routes/setup';
import { eventRoutes } from './routes/events';
import { adminUserRoutes } from './routes/admin-users';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';
import { errorBody, handleError } from './errors';
import { jsonBody } from './json-body';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { healthRoutes } from './routes/health';
import { settingsRoutes } from './routes/settings';
import { sessionRoutes } from './routes/session';
import { clientRoutes } from './routes/client';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  settings: SettingsStore;
  auth: Auth;
  outbox: OutboxWorker;
  /** Folder of the built client; omitted in API tests. */
  webRoot?: string;
}

export type AppEnv = {
  Variables: { deps: AppDeps; json: unknown; session: CurrentSession | null | undefined };
};

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.logger));
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders(deps.config.publicUrl));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', GERMAN_DEFAULT_MESSAGES.payload_too_large);
      },
    }),
  );
  app.use('/api/*', csrfProtection(deps.config.publicUrl, ['/api/payments/stripe/webhook']));
  app.use('/api/*', jsonBody);

  app.route('/api/health', healthRoutes);
  app.route('/api/settings', settingsRoutes);
  app.route('/api/session', sessionRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/events', eventRoutes);
  app.route('/api/admin/users', adminUserRoutes);
  app.route('/api/dev/mails', devMailRoutes);
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Diese API-Route gibt es nicht.'), 404));

  if (deps.webRoot) app.route('/', clientRoutes(deps.webRoot));
  return app;
}

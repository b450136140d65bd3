import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_SCOPE_LABELS } from '@shared/api-keys';
import { API_V1_MESSAGES } from '@shared/api-v1';
import { AppError } from '../../../core/app-error';
import {
  authenticateApiKey,
  countApiRequest,
  type ApiCaller,
  type ApiRateLimit,
} from '../../../core/api-keys/authenticate-api-key';
import type { AppEnv } from '../../context';
import { errorBody } from '../../errors';
import { validBody, validInput } from '../../validation';
import type { ApiRoute } from './api-route';
import { API_V1_ROUTES } from './api-v1-routes';
import { apiDocsPage } from './api-docs-page';
import { openApiDocument, type OpenApiDocument } from './openapi-document';

// The REST API /api/v1 (docs/product/api.md): a key in `Authorization: Bearer tsk_…` and nothing else, no
// cookies, so no CSRF check (app.ts leaves /api/v1 out of it) and no CORS: browsers of other sites get no
// answer they may read, as a key belongs on a server, not in a web page.

type ApiEnv = AppEnv & { Variables: AppEnv['Variables'] & { caller: ApiCaller } };

const BEARER = 'Bearer realm="api"';
const emptyObject = z.object({});

function setRateLimitHeaders(c: Context, figures: ApiRateLimit) {
  c.header('RateLimit-Limit', String(figures.limit));
  c.header('RateLimit-Remaining', String(figures.remaining));
  c.header('RateLimit-Reset', String(figures.resetSeconds));
  c.header('RateLimit-Policy', `${figures.limit};w=${figures.windowSeconds}`);
}

/**
 * Key, rate limit, scope (docs/product/api.md#auth): 401 with `WWW-Authenticate: Bearer` for a missing,
 * unknown or revoked key; 429 with Retry-After once the key's minute is used up; 403 when the key lacks the
 * route's scope. Every answer carries the RateLimit-* headers of the key.
 */
const keyAuth =
  (route: ApiRoute): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const { database, config } = c.get('deps');
    let caller: ApiCaller;
    try {
      caller = await authenticateApiKey(database.db, c.req.header('Authorization'));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'unauthorized') throw error;
      const invalid = c.req.header('Authorization') ? `, error="invalid_token"` : '';
      c.header('WWW-Authenticate', BEARER + invalid);
      return c.json(errorBody(error.code, error.message), 401);
    }
    try {
      setRateLimitHeaders(
        c,
        await countApiRequest(database.db, caller.keyId, { max: config.apiRateLimit, windowSeconds: 60 }),
      );
    } catch (error) {
      const figures =
        error instanceof AppError ? (error.details as { rateLimit?: ApiRateLimit })?.rateLimit : null;
      if (!figures) throw error;
      setRateLimitHeaders(c, figures);
      c.header('Retry-After', String(figures.resetSeconds));
      return c.json(errorBody('rate_limited', (error as AppError).message), 429);
    }
    if (!caller.scopes.includes(route.scope)) {
      c.header('WWW-Authenticate', `${BEARER}, error="insufficient_scope", scope="${route.scope}"`);
      return c.json(errorBody('forbidden', API_V1_MESSAGES.scope(API_SCOPE_LABELS[route.scope])), 403);
    }
    c.set('caller', caller);
    return next();
  };

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The /api/v1 router: each declared route, the OpenAPI document and its page for people. */
export function apiV1Routes(routes: ApiRoute[] = API_V1_ROUTES) {
  const app = new Hono<ApiEnv>();
  let document: OpenApiDocument | null = null;
  const documentOf = (c: Context<ApiEnv>) =>
    (document ??= openApiDocument(routes, new URL('/api/v1', c.get('deps').config.publicUrl).toString()));

  app.get('/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(documentOf(c));
  });
  app.get('/docs', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(apiDocsPage(documentOf(c)));
  });

  for (const route of routes) {
    app.on(route.method.toUpperCase(), honoPath(route.path), keyAuth(route), async (c) => {
      c.header('Cache-Control', 'no-store');
      const result = await route.handle({
        params: validInput(route.params ?? emptyObject, c.req.param()),
        query: validInput(route.query ?? emptyObject, c.req.query()),
        body: route.method === 'get' ? {} : validBody(c, route.body ?? emptyObject),
        caller: c.get('caller'),
        deps: c.get('deps'),
      });
      return c.json(result as object);
    });
  }
  return app;
}

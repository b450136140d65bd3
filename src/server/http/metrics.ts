import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Metrics } from '../adapters/metrics/metrics';
import type { AppEnv } from './context';
import { isLocalRequest } from './peer-address';

// Request metrics and the /metrics endpoint (docs/architecture.md#metrics, decision 032).

/**
 * Counts and times every request by method, status and the pattern of the route that took it
 * (`/api/events/:slug`), never the raw path, so the number of series stays bounded. The time ends when the
 * response is ready (for a server-sent event stream: when it starts).
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
  };
}

/**
 * The pattern of the route a request was for: the first matched route that is not middleware, whether or not
 * it answered (a CSRF refusal of `POST /api/bookings` counts there). `unmatched` for no route, the API's
 * catch-all 404 included; `client` for the client's files and pages, which share one catch-all route.
 */
export function routeLabel(c: Context): string {
  // middleware is registered with app.use (method ALL) and takes next; the API's catch-all is app.all
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' || r.handler.length < 2);
  if (!route || route.path === '/api/*') return 'unmatched';
  if (route.path === '/*') return 'client';
  return route.path;
}

/**
 * GET /metrics, the Prometheus text exposition. Only for a client on this machine that did not come through
 * a proxy, or with `Authorization: Bearer <METRICS_TOKEN>`; a request that sends an Authorization header
 * needs the right token even from this machine. Anyone else gets what any unknown path gets (the next
 * route: the app shell's 404), so the endpoint does not reveal itself.
 */
export async function metricsEndpoint(c: Context<AppEnv>, next: Next) {
  const { metrics, config } = c.get('deps');
  if (!mayScrape(c, config.metricsToken)) return next();
  const body = await metrics.exposition();
  return c.body(body, 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
}

function mayScrape(c: Context, token: string | undefined): boolean {
  const authorization = c.req.header('Authorization');
  if (authorization !== undefined) {
    const given = /^Bearer (.+)$/.exec(authorization)?.[1];
    return token !== undefined && given !== undefined && sameSecret(given, token);
  }
  // a proxy on this machine connects from loopback on behalf of someone else (docs/decisions/046)
  return isLocalRequest(c);
}

/** Equal strings, compared in constant time (digests of equal length, whatever the input's length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

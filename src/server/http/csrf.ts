import type { MiddlewareHandler } from 'hono';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for every state-changing API request: a browser always sends Origin (or
 * Sec-Fetch-Site) with such requests, and a cross-site page cannot forge either. Requests from another
 * origin are refused; requests without both headers come from non-browser clients, which carry no
 * ambient cookies of a victim. Session cookies are SameSite=Lax on top of this.
 */
export function csrfProtection(publicUrl: string, exempt: string[] = []): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const origin = c.req.header('Origin');
    const fetchSite = c.req.header('Sec-Fetch-Site');
    const ownOrigin = new URL(c.req.url).origin;
    const originOk = !origin || origin === allowed || origin === ownOrigin;
    const siteOk = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none';
    if (!originOk || !siteOk) throw new AppError('csrf_failed', GERMAN_DEFAULT_MESSAGES.csrf_failed);
    return next();
  };
}

import { paymentConfig } from '../../core/payments/payment-config';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { matchClientRoute } from '@shared/routes';
import { listPublicOrganizers } from '../../core/events/list-public-organizers';
import { currentSession } from '../access';
import type { AppEnv } from '../context';
import { pageHeadFor, renderShell } from '../app-shell';
import { isLocalRequest } from '../peer-address';
import { routePreloads } from '../route-preloads';
import { sendEncoded } from '../send-encoded';
import { PAYMENT_TEXT_ROUTES, ServerRenderedPages, withRenderedRoot } from '../server-rendered-pages';
import { offeredPaymentMethods } from '@shared/content/payment-texts';
import { encodeFor, loadStaticSite, type StaticFile } from '../static-site';
import { allowFramingBy } from '../security-headers';
import { widgetFrameAncestors } from '../../core/settings/widget-frame';
import { AppError } from '../../core/app-error';
import { checkCertificate } from '../../core/certificates/check-certificate';
import { clientIp } from '../client-ip';

/**
 * Serves the built client from memory, with history fallback to the app shell for client routes; public
 * pages come server-rendered when a renderer is there (docs/architecture.md#server-rendering).
 */
export function clientRoutes(webRoot: string) {
  const files = loadStaticSite(path.resolve(webRoot));
  const template = files.get('/index.html')?.body.toString('utf8');
  const preloads = routePreloads(files, template ?? '');
  let pages: ServerRenderedPages | undefined;
  const app = new Hono<AppEnv>();

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const file = files.get(c.req.path);
    if (file && c.req.path !== '/index.html' && !c.req.path.startsWith('/.vite/')) return sendFile(c, file);
    // docs/decisions/016, 046: the dev mailbox page, like its API, only for clients on this machine.
    const route = matchClientRoute(c.req.path)?.route ?? null;
    if (route === 'devMails' && !isLocalRequest(c)) return c.text('Nicht gefunden.', 404);
    if (!template) return c.text('Client nicht gebaut: bitte `npm run build` ausführen.', 503);
    // A missing asset is a plain 404, not the app shell (a stale tab would otherwise parse HTML as JS).
    if (c.req.path.startsWith('/assets/') || path.extname(c.req.path) !== '') return c.notFound();
    const deps = c.get('deps');
    const [settings, snapshot] = await Promise.all([deps.settings.get(), deps.publicEvents.snapshot()]);
    // the legal and help texts name the ways to pay the shop offers (docs/product/site.md#payment-texts)
    const payments = route && PAYMENT_TEXT_ROUTES.has(route) ? await paymentConfig(deps) : undefined;
    const head = await pageHeadFor(c.req.path, {
      settings,
      paymentMethods: offeredPaymentMethods(payments),
      publicUrl: deps.config.publicUrl,
      // visitors' view even for a signed-in admin: previews and search engines must never see a draft
      findEvent: async (slugOrId) => snapshot.find(slugOrId)?.event ?? null,
      findSeriesDates: async (slug) => snapshot.events.filter((event) => event.series?.slug === slug),
    });
    if (route && head.status !== 404) head.modulePreloads = preloads.get(route);
    // the one page other sites may frame: the allowed ones (docs/product/widget.md#frame-ancestors)
    if (route === 'widget') allowFramingBy(c, widgetFrameAncestors(settings), deps.config.publicUrl);
    // the check page of a certificate answers as its check does (docs/product/certificates.md#check-page)
    const certificate =
      route === 'certificateCheck'
        ? await certificateCheckOf(c, matchClientRoute(c.req.path)!.params.code ?? '')
        : undefined;
    const status = certificate?.status ?? head.status ?? (route ? 200 : 404);
    const url = new URL(c.req.url);
    const request = {
      route,
      pathname: c.req.path,
      search: url.searchParams,
      settings,
      paymentConfig: payments,
    };
    if (deps.pageRenderer && head.status !== 404 && (status !== 404 || certificate)) {
      pages ??= new ServerRenderedPages({
        load: deps.pageRenderer,
        organizers: () => listPublicOrganizers(deps.database.db),
        onError: (error, pageUrl) =>
          deps.logger.error({ err: error, url: pageUrl }, 'server rendering failed'),
      });
      const kind = pages.kind(request);
      const pageRequest = {
        ...request,
        url: c.req.path + url.search,
        snapshot,
        document: (rendered: { html: string; state: string } | null) => {
          const shell = renderShell(template, head);
          return rendered ? withRenderedRoot(shell, rendered) : shell;
        },
      };
      if (kind === 'shared') {
        const page = await pages.page(pageRequest);
        return sendEncoded(c, page, { contentType: 'text/html; charset=utf-8', status });
      }
      if (kind === 'per-visitor') {
        const current = await currentSession(c);
        const page = await pages.pageForVisitor(pageRequest, {
          session: { user: current?.user ?? null },
          // the same answer as GET /api/payments/config: the page's checkout reads it without asking again
          paymentConfig: await paymentConfig(deps),
          ...(certificate?.answer ? { certificateCheck: certificate.answer } : {}),
        });
        return sendEncoded(c, page, {
          contentType: 'text/html; charset=utf-8',
          status,
          cacheControl: 'private, no-store',
          varyCookie: true,
        });
      }
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(renderShell(template, head), status);
  });
  return app;
}

/**
 * The check of the page's code, counted like the API's: the answer to render with, or none when the code is
 * unknown (the page answers 404 and says so) or the client asked too often (the browser's own request then
 * says how long to wait).
 */
async function certificateCheckOf(
  c: Context<AppEnv>,
  rawCode: string,
): Promise<{ status: 200 | 404; answer?: { code: string; answer: unknown } }> {
  let code = rawCode;
  try {
    code = decodeURIComponent(rawCode);
  } catch {
    return { status: 404 };
  }
  const { database, config } = c.get('deps');
  try {
    const answer = await checkCertificate(database.db, {
      code,
      clientIp: clientIp(c),
      clientLimit: config.authClientLimit,
    });
    return { status: 200, answer: { code, answer } };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { status: 404 };
    if (error instanceof AppError && error.status === 429) return { status: 200 };
    throw error;
  }
}

function sendFile(c: Context, file: StaticFile) {
  c.header('ETag', file.etag);
  c.header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  c.header('Vary', 'Accept-Encoding');
  // Public files (logo, covers) may be shown by mail clients and other sites; the API stays same-origin.
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
  const { body, encoding } = encodeFor(file, c.req.header('Accept-Encoding'));
  if (encoding) c.header('Content-Encoding', encoding);
  c.header('Content-Type', file.contentType);
  return c.body(new Uint8Array(body), 200);
}

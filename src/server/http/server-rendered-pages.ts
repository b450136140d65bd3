import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AppSettings } from '@shared/settings';
import { isMagicLinkUrl, type ClientRoute } from '@shared/routes';
import type { PublicOrganizer } from '@shared/events';
import type { SessionState } from '@shared/session';
import type { RenderPage } from '@shared/server-render';
import { SERVER_RENDER_STATE_ID } from '@shared/server-render';
import { EncodedBody } from '../core/events/encoded-json';
import type { PublicEventSnapshot } from '../core/events/public-event-cache';
import { publicSettings } from '../core/settings/public-settings';

/** The routes whose HTML carries their content: what visitors and search engines read first. */
export const SERVER_RENDERED_ROUTES: ReadonlySet<ClientRoute> = new Set([
  'home',
  'event',
  'series',
  'help',
  'imprint',
  'privacy',
  'terms',
  'accessibility',
  'login',
  'eventLogin',
  // inside other sites' frames (docs/product/widget.md#widget-page)
  'widget',
]);

/**
 * Shared pages whose texts name the ways to pay the shop offers (docs/product/site.md#payment-texts): they are
 * rendered with GET /api/payments/config's answer and kept per answer.
 */
export const PAYMENT_TEXT_ROUTES: ReadonlySet<ClientRoute> = new Set([
  'help',
  'privacy',
  'terms',
  'eventLogin',
]);

/**
 * Routes rendered for each request with the visitor's session (never kept): the checkout, whose order form
 * is what a buyer came for (docs/architecture.md#server-rendering).
 */
export const PER_VISITOR_ROUTES: ReadonlySet<ClientRoute> = new Set([
  'checkout',
  // its answer changes when a certificate is revoked, and each check counts against the client's limit
  // (docs/product/certificates.md#check-page)
  'certificateCheck',
]);

/** Pages kept per view of the events (each distinct path and query is a page; 404 pages count too). */
const MAX_PAGES_PER_SNAPSHOT = 300;

/** Loads the client's server renderer once; null when the build has none (then pages are the plain shell). */
export function rendererFromFile(file: string): () => Promise<RenderPage | null> {
  let loading: Promise<RenderPage | null> | undefined;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((module: { renderPage: RenderPage }) => module.renderPage)
      : Promise.resolve(null));
}

export interface PageRequest {
  /** Path and query. */
  url: string;
  pathname: string;
  search: URLSearchParams;
  /** The client route, or null for the 'not found' page. */
  route: ClientRoute | null;
  snapshot: PublicEventSnapshot;
  settings: AppSettings;
  /** GET /api/payments/config's answer, for the pages of PAYMENT_TEXT_ROUTES. */
  paymentConfig?: unknown;
  /** The finished document around the rendered markup (see renderShell). */
  document(rendered: { html: string; state: string } | null): string;
}

/**
 * Server-rendered public pages, kept per view of the events and settings: a new snapshot of the public event
 * cache (any seat or event change of any instance) or new settings start a new set, so a page is rendered
 * once per change and then served from memory like the event API (docs/architecture.md#server-rendering).
 * Signed-in state is never part of the HTML: the browser fills it in after taking the page over.
 */
export class ServerRenderedPages {
  private readonly pages = new WeakMap<
    PublicEventSnapshot,
    { settings: AppSettings; byUrl: Map<string, Promise<EncodedBody>> }
  >();

  constructor(
    private readonly options: {
      load: () => Promise<RenderPage | null>;
      organizers: () => Promise<PublicOrganizer[]>;
      onError: (error: unknown, url: string) => void;
      now?: () => Date;
    },
  ) {}

  /**
   * How a request's page is rendered: 'shared' (the same for every visitor, kept), 'per-visitor' (with the
   * visitor's session, not kept) or null (the plain shell).
   */
  kind(
    request: Pick<PageRequest, 'route' | 'pathname' | 'search' | 'settings'>,
  ): 'shared' | 'per-visitor' | null {
    if (isMagicLinkUrl(request.pathname, request.search)) return null;
    // coming-soon depends on the session, which shared pages never hold (docs/product/site.md#coming-soon)
    if (request.settings.features.comingSoon) return null;
    if (request.route === null) return null;
    if (SERVER_RENDERED_ROUTES.has(request.route)) return 'shared';
    return PER_VISITOR_ROUTES.has(request.route) ? 'per-visitor' : null;
  }

  /** A page with the visitor's session and payment setup, rendered for this request only. */
  async pageForVisitor(
    request: PageRequest,
    visitor: {
      session: SessionState;
      paymentConfig: unknown;
      certificateCheck?: { code: string; answer: unknown };
    },
  ): Promise<EncodedBody> {
    try {
      return await this.render(request, visitor);
    } catch (error) {
      this.options.onError(error, request.url);
      return new EncodedBody(request.document(null));
    }
  }

  /** The page's document, from memory when this view of events and settings rendered it already. */
  async page(request: PageRequest): Promise<EncodedBody> {
    let set = this.pages.get(request.snapshot);
    if (!set || set.settings !== request.settings) {
      set = { settings: request.settings, byUrl: new Map() };
      this.pages.set(request.snapshot, set);
    }
    // a page with payment texts is kept per answer of the payment config: a Stripe key or the transfer
    // switched on shows at once (docs/product/site.md#payment-texts)
    const key =
      request.paymentConfig === undefined
        ? request.url
        : `${request.url}\n${JSON.stringify(request.paymentConfig)}`;
    const cached = set.byUrl.get(key);
    if (cached) return cached;
    const rendering = this.render(request);
    const byUrl = set.byUrl;
    if (byUrl.size < MAX_PAGES_PER_SNAPSHOT) byUrl.set(key, rendering);
    try {
      return await rendering;
    } catch (error) {
      // a page that cannot be rendered still works: the browser renders it from the plain shell
      if (byUrl.get(key) === rendering) byUrl.delete(key);
      this.options.onError(error, request.url);
      return new EncodedBody(request.document(null));
    }
  }

  private async render(
    request: PageRequest,
    visitor?: {
      session: SessionState;
      paymentConfig: unknown;
      certificateCheck?: { code: string; answer: unknown };
    },
  ): Promise<EncodedBody> {
    const renderPage = await this.options.load();
    if (!renderPage) return new EncodedBody(request.document(null));
    const rendered = await renderPage({
      url: request.url,
      settings: publicSettings(request.settings) as Record<string, unknown>,
      // with their questions: the event and checkout pages need them (the list query leaves them out)
      events: structuredClone(request.snapshot.events),
      organizers: request.route === 'home' ? await this.options.organizers() : undefined,
      renderedAt: (this.options.now?.() ?? new Date()).toISOString(),
      ...(request.paymentConfig === undefined ? {} : { paymentConfig: request.paymentConfig }),
      ...visitor,
    });
    const document = new EncodedBody(request.document(rendered));
    // a kept page is compressed once, right away; a visitor's page only as its request asks
    return visitor ? document : document.precompute();
  }
}

/** The markup inside the root element, and the state the browser takes over, right after it. */
export function withRenderedRoot(document: string, rendered: { html: string; state: string }): string {
  const state = rendered.state.replace(/</g, '\\u003c');
  return document.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${rendered.html}</div>\n    ` +
      `<script type="application/json" id="${SERVER_RENDER_STATE_ID}">${state}</script>`,
  );
}

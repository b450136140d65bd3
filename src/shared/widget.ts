// The booking widget (docs/product/widget.md): what the settings card, the server and the widget page share: the
// allowed sites' check, the scope of a snippet, the snippet and the events it shows. Free of zod (the widget
// page's code is budgeted); the card's schema is in widget-schema.ts.
import { upcomingEvents } from './event-rules';
import type { PublicEvent } from './events';
import { WIDGET_HEIGHT } from './widget-messages';
import type { WidgetSettings } from './widget-settings';

/** At most this many sites may embed the widget (the CSP header lists them all). */
export const MAX_WIDGET_ORIGINS = 20;

export const WIDGET_MESSAGES = {
  origin:
    'Bitte gib eine Website-Adresse wie https://example.org ein (nur Schema, Domain und ggf. Port, ohne Pfad).',
  originScheme: 'Die Adresse muss mit https:// beginnen (http:// nur für localhost oder 127.0.0.1).',
  tooMany: `Du kannst höchstens ${MAX_WIDGET_ORIGINS} Websites eintragen.`,
  duplicate: 'Diese Website steht schon in der Liste.',
  notAllowed: (origin: string) =>
    `Diese Website (${origin}) darf das Buchungs-Widget nicht einbinden. Trage sie im Ticketshop unter Einstellungen → „Auf deiner Website einbinden“ ein.`,
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An origin as browsers send it (`https://example.org`, `http://localhost:8080`), or null. Accepts what an admin
 * types: surrounding spaces, upper case, a trailing slash. Refuses paths, queries, credentials, wildcards and
 * plain http except on this machine (docs/product/widget.md#allowed-sites).
 */
export function normalizeOrigin(text: string): { origin: string } | { error: string } {
  const trimmed = text.trim().replace(/\/$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#*\s]+$/i.test(trimmed)) return { error: WIDGET_MESSAGES.origin };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { error: WIDGET_MESSAGES.origin };
  }
  if (url.username || url.password || trimmed.includes('@')) return { error: WIDGET_MESSAGES.origin };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    return { error: WIDGET_MESSAGES.originScheme };
  }
  return { origin: url.origin };
}

/** Whether a page of `origin` may embed the widget: the shop itself (its preview) and the allowed sites. */
export function widgetOriginAllowed(origin: string, settings: WidgetSettings, shopOrigin: string): boolean {
  return origin === shopOrigin || settings.allowedOrigins.includes(origin);
}

/** What a snippet shows (docs/product/widget.md#scopes): every coming event, one organizer's, or one event. */
export type WidgetScope =
  { kind: 'all' } | { kind: 'organizer'; organizerId: string } | { kind: 'event'; slug: string };

/** The widget page's query for a scope; the loader builds the same from the element's data attributes. */
export function widgetQuery(scope: WidgetScope): string {
  if (scope.kind === 'organizer') return `?organizer=${encodeURIComponent(scope.organizerId)}`;
  if (scope.kind === 'event') return `?event=${encodeURIComponent(scope.slug)}`;
  return '';
}

/**
 * The two lines an organizer pastes into their page (docs/product/widget.md#snippet). The element carries the
 * widget's height, so the page keeps its place from the first paint on, before the async loader has run
 * (docs/product/widget.md#no-layout-shift).
 */
export function widgetSnippet(shopUrl: string, scope: WidgetScope): string {
  const base = shopUrl.replace(/\/+$/, '');
  const attribute =
    scope.kind === 'organizer'
      ? ` data-organizer="${scope.organizerId}"`
      : scope.kind === 'event'
        ? ` data-event="${scope.slug}"`
        : '';
  return `<script src="${base}/widget.js" async></script>\n<div data-ticketshop-widget${attribute} style="min-height:${WIDGET_HEIGHT}px"></div>`;
}

/** The scope a widget page's query names (`?event=slug`, `?organizer=id`, else every coming event). */
export function widgetScopeOf(params: URLSearchParams): WidgetScope {
  const slug = params.get('event')?.trim();
  if (slug) return { kind: 'event', slug };
  const organizerId = params.get('organizer')?.trim();
  if (organizerId) return { kind: 'organizer', organizerId };
  return { kind: 'all' };
}

/**
 * The events a widget shows (docs/product/widget.md#scopes): published, not yet started, in start order, and in
 * its scope (one event by slug or id; one organizer's; all).
 */
export function widgetEvents<
  E extends Pick<PublicEvent, 'id' | 'slug' | 'startTime' | 'status' | 'organizers'>,
>(events: E[], scope: WidgetScope, now: Date): E[] {
  return upcomingEvents(events, now).filter((event) => {
    if (event.status !== 'published') return false;
    if (scope.kind === 'event') return event.slug === scope.slug || event.id === scope.slug;
    if (scope.kind === 'organizer') return event.organizers.some((o) => o.id === scope.organizerId);
    return true;
  });
}

import type { PublicEvent } from '@shared/events';
import { faqEntries, faqJsonLd } from '@shared/content/faq';
import type { OfferedPaymentMethods } from '@shared/content/payment-texts';
import { matchClientRoute } from '@shared/routes';
import type { AppSettings } from '@shared/settings';
import {
  eventImageUrl,
  eventJsonLd,
  eventPageUrl,
  metaDescription,
} from '../core/events/event-structured-data';

export interface PageHead {
  title: string;
  description?: string;
  jsonLd?: object[];
  /** Absolute URL of the page's canonical address. */
  canonical?: string;
  /** Open Graph (`og:*`, rendered as property=) and Twitter card (`twitter:*`, rendered as name=) tags. */
  social?: Record<string, string>;
  /** Set when the path is a client route but names nothing that exists (an unknown event slug). */
  status?: 404;
  /** The page's largest image (the event cover), fetched early as it is what paints last. */
  preloadImage?: string;
  /** Lazily loaded JavaScript the page will need (see route-preloads.ts). */
  modulePreloads?: string[];
}

export interface PageContext {
  settings: AppSettings;
  /** The ways to pay the shop offers, for the FAQ's structured data (docs/product/site.md#payment-texts). */
  paymentMethods?: OfferedPaymentMethods;
  publicUrl: string;
  /** A published, not hidden event by slug or id: what any visitor may see. */
  findEvent(slugOrId: string): Promise<PublicEvent | null>;
  /** The dates of a series visitors may see, by start (docs/product/event-series.md#series-page). */
  findSeriesDates?(slug: string): Promise<PublicEvent[]>;
  now?: Date;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// JSON inside <script> must not be able to close the element.
const safeJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

const DEFAULT_DESCRIPTION =
  'Workshops, Seminare und Retreats für Paare und Einzelne in Norddeutschland: Termine ansehen, Tickets buchen und verwalten.';

/**
 * Head for a path, rendered by the server so messengers and search engines see it without JavaScript
 * (docs/architecture.md#a-page-load, decision 002). Event pages carry Open Graph, Twitter card and schema.org
 * Event data.
 */
export async function pageHeadFor(pathname: string, context: PageContext): Promise<PageHead> {
  const site = context.settings.brand.siteName;
  const route = matchClientRoute(pathname);
  if (route?.route === 'help') {
    return withSocial(
      {
        title: `Häufige Fragen (FAQ) · ${site}`,
        jsonLd: [faqJsonLd(faqEntries(context.paymentMethods))],
      },
      site,
    );
  }
  if (route?.route === 'event') {
    const event = await context.findEvent(safeDecode(route.params.slug ?? ''));
    if (!event) return { title: `Event nicht gefunden · ${site}`, status: 404 };
    return eventHead(event, context);
  }
  if (route?.route === 'series') {
    const dates = (await context.findSeriesDates?.(safeDecode(route.params.slug ?? ''))) ?? [];
    const series = dates[0]?.series;
    if (!series) return { title: `Reihe nicht gefunden · ${site}`, status: 404 };
    const description = metaDescription(
      dates[0]!.shortDescription || dates[0]!.description || DEFAULT_DESCRIPTION,
    );
    return withSocial({ title: `${series.title} · ${site}`, description }, site);
  }
  return withSocial({ title: site, description: DEFAULT_DESCRIPTION }, site);
}

function eventHead(event: PublicEvent, context: PageContext): PageHead {
  const site = context.settings.brand.siteName;
  const url = eventPageUrl(event, context.publicUrl);
  const description = metaDescription(event.shortDescription || event.description || DEFAULT_DESCRIPTION);
  const image = eventImageUrl(event, context.publicUrl);
  const social: Record<string, string> = {
    'og:title': event.title,
    'og:description': description,
    'og:type': 'website',
    'og:url': url,
    'og:locale': 'de_DE',
    'og:site_name': site,
    'twitter:card': image ? 'summary_large_image' : 'summary',
    'twitter:title': event.title,
    'twitter:description': description,
  };
  if (image) {
    social['og:image'] = image;
    social['og:image:alt'] = event.title;
    social['twitter:image'] = image;
  }
  const jsonLd = eventJsonLd(event, {
    publicUrl: context.publicUrl,
    siteName: site,
    now: context.now ?? new Date(),
  });
  return {
    title: `${event.title} · ${site}`,
    description,
    canonical: url,
    social,
    jsonLd: [jsonLd],
    preloadImage: event.imageUrl ?? undefined,
  };
}

function withSocial(head: PageHead, site: string): PageHead {
  const description = head.description ?? DEFAULT_DESCRIPTION;
  return {
    ...head,
    social: {
      'og:title': head.title,
      'og:description': description,
      'og:type': 'website',
      'og:locale': 'de_DE',
      'og:site_name': site,
      'twitter:card': 'summary',
    },
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Replaces the template's <title> and fills the <!--app-head--> marker. */
export function renderShell(template: string, head: PageHead): string {
  const parts = [
    `<meta name="description" content="${escapeHtml(head.description ?? DEFAULT_DESCRIPTION)}">`,
  ];
  if (head.status === 404) parts.push('<meta name="robots" content="noindex">');
  if (head.canonical) parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.preloadImage) {
    parts.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.preloadImage)}">`,
    );
  }
  for (const [key, value] of Object.entries(head.social ?? {})) {
    const attribute = key.startsWith('og:') ? 'property' : 'name';
    parts.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}">`);
  }
  for (const data of head.jsonLd ?? []) {
    parts.push(`<script type="application/ld+json">${safeJson(data)}</script>`);
  }
  // the page's own chunks join the ones public/start-app.js preloads after the first paint
  const preloads = (head.modulePreloads ?? []).map((href) => `${escapeHtml(href)} `).join('');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace('<!--app-head-->', () => parts.join('\n    '))
    .replace('data-preload="', () => `data-preload="${preloads}`);
}

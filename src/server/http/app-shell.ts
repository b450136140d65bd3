import { faqJsonLd } from '@shared/content/faq';
import type { AppSettings } from '@shared/settings';

export interface PageHead {
  title: string;
  description?: string;
  jsonLd?: object[];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// JSON inside <script> must not be able to close the element.
const safeJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

const DEFAULT_DESCRIPTION =
  'Workshops, Seminare und Retreats für Paare und Einzelne in Norddeutschland: Termine ansehen, Tickets buchen und verwalten.';

/** Head for a path, rendered by the server so messengers and search engines see it without JavaScript. */
export function pageHeadFor(pathname: string, settings: AppSettings): PageHead {
  const site = settings.brand.siteName;
  if (pathname === '/help') {
    return { title: `Häufige Fragen (FAQ) · ${site}`, jsonLd: [faqJsonLd()] };
  }
  return { title: site, description: DEFAULT_DESCRIPTION };
}

/** Replaces the template's <title> and fills the <!--app-head--> marker. */
export function renderShell(template: string, head: PageHead): string {
  const parts = [
    `<meta name="description" content="${escapeHtml(head.description ?? DEFAULT_DESCRIPTION)}">`,
  ];
  for (const data of head.jsonLd ?? []) {
    parts.push(`<script type="application/ld+json">${safeJson(data)}</script>`);
  }
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace('<!--app-head-->', parts.join('\n    '));
}

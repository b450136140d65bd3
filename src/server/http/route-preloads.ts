import type { ClientRoute } from '@shared/routes';
import type { StaticFile } from './static-site';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * JavaScript chunks a lazily loaded page needs, read from Vite's build manifest, so the server can
 * announce them with <link rel="modulepreload"> on that page's first load instead of the browser
 * discovering them only after the main bundle has run (one round trip less before the page paints).
 */
export function lazyPageChunks(files: Map<string, StaticFile>, sourceSuffix: string): string[] {
  const manifestFile = files.get('/.vite/manifest.json');
  if (!manifestFile) return [];
  const manifest = JSON.parse(manifestFile.body.toString('utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => key.endsWith(sourceSuffix));
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  if (entryKey) visit(entryKey);
  return [...seen].map((file) => `/${file}`);
}

/**
 * The source file of each lazily loaded page the server renders (src/web/app/router.tsx loads the same
 * files): their chunks are announced, since the browser needs them before it takes the page over.
 */
const LAZY_PAGE_SOURCES: Partial<Record<ClientRoute, string>> = {
  event: 'features/events/event-detail-page.tsx',
  series: 'features/events/series-page.tsx',
  help: 'features/content/help-page.tsx',
  imprint: 'features/content/imprint-page.tsx',
  privacy: 'features/content/privacy-page.tsx',
  terms: 'features/content/terms-page.tsx',
  accessibility: 'features/content/accessibility-page.tsx',
  login: 'features/auth/login-page.tsx',
  eventLogin: 'features/auth/event-login-page.tsx',
  checkout: 'features/checkout/checkout-page.tsx',
  widget: 'features/events/widget-page.tsx',
  certificateCheck: 'features/certificates/certificate-check-page.tsx',
};

/** Per route, the chunks its page needs beyond what the shell (`template`) already loads or preloads. */
export function routePreloads(files: Map<string, StaticFile>, template: string): Map<ClientRoute, string[]> {
  const preloads = new Map<ClientRoute, string[]>();
  for (const [route, source] of Object.entries(LAZY_PAGE_SOURCES) as [ClientRoute, string][]) {
    preloads.set(
      route,
      lazyPageChunks(files, source).filter((href) => !template.includes(href)),
    );
  }
  return preloads;
}

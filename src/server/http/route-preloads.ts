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

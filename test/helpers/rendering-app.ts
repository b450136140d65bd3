import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderPage } from '@web/ssr/render-page';
import { createTestApp, type TestApp } from './app';

/** The built client's index.html, as far as server rendering needs it: the head marker and the entry. */
const INDEX_HTML =
  '<!doctype html><html lang="de"><head><title>Wachstumsraum</title><!--app-head--></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

/**
 * A test app that renders public pages on the server (docs/architecture.md#server-rendering), as a running
 * server does: a client root with an index.html, the page renderer, and the seat feed listening (while it
 * listens, the event cache and with it the page cache are trusted). Close it with `closeRenderingTestApp`.
 */
export async function createRenderingTestApp(label: string): Promise<TestApp> {
  const webRoot = mkdtempSync(path.join(tmpdir(), `ticketshop-${label}-`));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  const t = await createTestApp({ webRoot, pageRenderer: async () => renderPage });
  await t.services.seatFeed.start();
  return t;
}

export async function closeRenderingTestApp(t: TestApp | undefined): Promise<void> {
  await t?.services.seatFeed.stop();
  await t?.close();
}

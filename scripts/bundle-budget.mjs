// Size budgets of the built client (issues 2, 15 and 28; decision 043), printed per public page and checked:
// - the home page's initial JavaScript, React included, gzipped, at most HOME_BUDGET_KB;
// - every server-rendered public page's own code (its initial JavaScript beyond the framework chunk with React,
//   the router and the query client; vite.config.ts) at most PAGE_BUDGET_KB;
// - no admin code in any public page's initial JavaScript.
// "Initial" is what the page's HTML starts: the entry and the preloads public/start-app.js adds (index.html), and
// the chunks the server announces for a lazily loaded page (the same closure over Vite's manifest as
// src/server/http/route-preloads.ts, whose LAZY_PAGE_SOURCES list the pages).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// 116 since issue 32: the cards' 'ab …' of events with several categories (0.1 KB) on a home page already at 115.0
const HOME_BUDGET_KB = 116;
// 46 since issue 30: the checkout's labelled, aria-wired fields (components/ui, decision 053) cost it 1.4 KB;
// 52 since issue 32: categories, discount code and the order's lines take the checkout to 51.3 KB: the pricing
// rules shared with the server (1.2 KB), the code's texts (0.6 KB), the steppers, the code field, the summary's
// lines and the page's wiring; the questions' form is a chunk of its own, loaded only with questions
const PAGE_BUDGET_KB = 52;
const root = 'dist/web';

const html = readFileSync(path.join(root, 'index.html'), 'utf8');
const starter = /<script src="\/start-app\.js" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
if (!starter) {
  console.error('index.html: kein Start-Skript (public/start-app.js) gefunden.');
  process.exit(1);
}
const shell = [starter[1], ...starter[2].split(' ').filter(Boolean)].map((href) => href.slice(1));
const manifest = JSON.parse(readFileSync(path.join(root, '.vite/manifest.json'), 'utf8'));

/** The page sources the server renders, from the server's own list (one list, not a copy). */
function serverRenderedPages() {
  const source = readFileSync('src/server/http/route-preloads.ts', 'utf8');
  const block = /LAZY_PAGE_SOURCES[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const pages = [...block.matchAll(/(\w+): '([^']+)'/g)].map(([, route, file]) => ({ route, file }));
  if (!pages.length) throw new Error('route-preloads.ts: LAZY_PAGE_SOURCES not found');
  return pages;
}

/** A chunk and every chunk it imports statically, as route-preloads.ts announces them. */
function closure(sourceSuffix) {
  const key = Object.keys(manifest).find((name) => name.endsWith(sourceSuffix));
  if (!key) throw new Error(`manifest: no chunk for ${sourceSuffix}`);
  const files = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(root, file))).length);
  return gzipCache.get(file);
};
const isFramework = (file) => /(^|\/)framework-[^/]+\.js$/.test(file);
/** Whether a chunk holds admin code: its source map names files of the admin feature. */
const holdsAdminCode = (file) => {
  try {
    const map = JSON.parse(readFileSync(path.join(root, `${file}.map`), 'utf8'));
    return map.sources.some((source) => source.includes('/features/admin/'));
  } catch {
    return false;
  }
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pages = [{ route: 'home', files: shell }];
for (const { route, file } of serverRenderedPages()) {
  pages.push({ route, files: [...new Set([...shell, ...closure(file)])] });
}

const problems = [];
console.log('initial JavaScript per public page (gzip): total = framework + own code');
for (const page of pages) {
  const total = page.files.reduce((sum, file) => sum + gz(file), 0);
  const framework = page.files.filter(isFramework).reduce((sum, file) => sum + gz(file), 0);
  const own = total - framework;
  console.log(
    `  ${page.route.padEnd(13)} ${kb(total).padStart(9)} = ${kb(framework)} + ${kb(own).padStart(8)}  (${page.files.length} files)`,
  );
  if (!framework) problems.push(`${page.route}: kein Framework-Chunk (vite.config.ts, codeSplitting)`);
  if (own > PAGE_BUDGET_KB * 1024)
    problems.push(`${page.route}: eigener Code ${kb(own)} > ${PAGE_BUDGET_KB} KB`);
  if (page.route === 'home' && total > HOME_BUDGET_KB * 1024)
    problems.push(`home: ${kb(total)} > ${HOME_BUDGET_KB} KB`);
  const admin = page.files.filter(holdsAdminCode);
  if (admin.length) problems.push(`${page.route}: Admin-Code in ${admin.join(', ')}`);
}
// the booking widget's loader on other sites' pages (docs/product/widget.md#loader, decision 061)
const WIDGET_BUDGET_KB = 15;
const widget = gz('widget.js');
console.log(`  widget.js (host pages) ${kb(widget)}`);
if (widget > WIDGET_BUDGET_KB * 1024) problems.push(`widget.js: ${kb(widget)} > ${WIDGET_BUDGET_KB} KB`);
const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((match) => match[1]);
for (const file of css) console.log(`  CSS ${file}: ${kb(gz(file))}`);
console.log(
  `budgets: home ≤ ${HOME_BUDGET_KB} KB with React, each page's own code ≤ ${PAGE_BUDGET_KB} KB, no admin code, widget.js ≤ ${WIDGET_BUDGET_KB} KB`,
);
for (const problem of problems) console.error(`Budget überschritten: ${problem}`);
if (problems.length) process.exit(1);

// The booking widget on a host page (docs/product/widget.md#loader, decision 061): widget.js's gzip size, and
// Lighthouse 12.2.3 (mobile preset, simulated throttling, median of `runs`) of one organizer's page without and
// with the widget, served from a SECOND origin (http://localhost:8080, an allowed site of the demo) while the built
// shop runs on a fresh data folder (embedded PGlite, demo seed). Prints performance, CLS, TBT, LCP and Lighthouse's
// benchmarkIndex per page. Needs `npm run build` and Chromium (CHROME_PATH, default /usr/bin/chromium); Lighthouse
// comes pinned through npx, as in bench/lighthouse.mjs.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const RUN_TIMEOUT_MS = 180_000;

// The element as the settings card prints it: the widget's height reserved (WIDGET_HEIGHT of
// src/shared/widget-messages.ts; e2e/widget.spec.ts holds the real page to it), docs/product/widget.md#no-layout-shift.
const ELEMENT = '<div data-ticketshop-widget style="min-height:498px"></div>';

/**
 * An organizer's page: text above and below where the snippet goes (so a shift would show in CLS). `widget`:
 * 'snippet' as the card prints it, 'bare' an element without the reserved height (hand-written), else none.
 */
function hostPage(shop, widget) {
  const element = widget === 'snippet' ? ELEMENT : '<div data-ticketshop-widget></div>';
  const snippet = widget ? `<script src="${shop}/widget.js" async></script>\n${element}` : '';
  const paragraph =
    '<p>Seit fünfzehn Jahren begleite ich Paare und Einzelne durch Veränderungen. In kleinen Gruppen üben wir, ' +
    'einander zuzuhören, Konflikte anzusprechen und gut für uns zu sorgen.</p>';
  return `<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Praxis am Deich</title>
<meta name="description" content="Workshops und Seminare der Praxis am Deich">
<style>body{margin:0;font:18px/1.6 Georgia,serif;color:#2b2b2b;background:#fffdf7}main{max-width:960px;margin:0 auto;padding:24px}h1,h2{color:#3b4d61}</style>
</head><body><main><h1>Workshops und Seminare</h1>${paragraph}
<h2>Nächste Termine</h2>
${snippet}
<h2>Über mich</h2>${paragraph.repeat(4)}</main></body></html>`;
}

export async function benchWidgetLighthouse({
  runs = Number(process.env.LIGHTHOUSE_RUNS) || 3,
  port = 3198,
  hostPort = Number(process.env.WIDGET_HOST_PORT) || 8080,
  chromePath = process.env.CHROME_PATH || '/usr/bin/chromium',
} = {}) {
  const widgetJs = readFileSync('dist/web/widget.js');
  console.log(
    `widget.js: ${widgetJs.length} bytes, ${(gzipSync(widgetJs, { level: 9 }).length / 1024).toFixed(2)} KB gzip (budget 15 KB)`,
  );
  const workDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-widget-'));
  const shop = `http://127.0.0.1:${port}`;
  const server = await startServer(port, path.join(workDir, 'data'));
  const host = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    const widget = req.url?.startsWith('/with-widget')
      ? 'snippet'
      : req.url?.startsWith('/bare')
        ? 'bare'
        : null;
    res.end(hostPage(shop, widget));
  });
  await new Promise((resolve, reject) => host.once('error', reject).listen(hostPort, resolve));
  try {
    const pages = [
      { label: 'host page without the widget', url: `http://localhost:${hostPort}/without-widget` },
      { label: 'host page with the widget (all events)', url: `http://localhost:${hostPort}/with-widget` },
      {
        label: 'with the widget, element without the reserved height',
        url: `http://localhost:${hostPort}/bare-element`,
      },
    ];
    console.log(
      `Lighthouse ${LIGHTHOUSE}, mobile, median of ${runs}; load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    console.log('| page | performance | CLS | TBT | LCP | benchmarkIndex |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const page of pages) {
      const lhrs = [];
      for (let run = 0; run < runs; run++) lhrs.push(await runLighthouse(page.url, workDir, chromePath));
      const median = (pick) => medianOf(lhrs.map(pick));
      const performance = median((lhr) => lhr.categories.performance.score * 100);
      const cls = median((lhr) => lhr.audits['cumulative-layout-shift'].numericValue);
      const tbt = median((lhr) => lhr.audits['total-blocking-time'].numericValue);
      const lcp = median((lhr) => lhr.audits['largest-contentful-paint'].numericValue);
      const index = lhrs.map((lhr) => Math.round(lhr.environment.benchmarkIndex)).join('/');
      console.log(
        `| ${page.label} | ${Math.round(performance)} | ${cls.toFixed(3)} | ${Math.round(tbt)} ms | ${(lcp / 1000).toFixed(2)} s | ${index} |`,
      );
    }
  } finally {
    await new Promise((resolve) => host.close(resolve));
    await stopServer(server);
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function startServer(port, dataDir) {
  mkdirSync(dataDir);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = performance.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return child;
    if (performance.now() > deadline) {
      await stopServer(child);
      throw new Error('the server did not get ready within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function runLighthouse(url, workDir, chromePath) {
  const output = path.join(workDir, 'lhr.json');
  rmSync(output, { force: true });
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  await new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH: chromePath, TMPDIR: workDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse failed (${code}): ${stderr.trim().slice(-800)}`));
    });
  });
  const lhr = JSON.parse(readFileSync(output, 'utf8'));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

function medianOf(values) {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWidgetLighthouse();

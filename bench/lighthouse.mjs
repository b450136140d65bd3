// Lighthouse on the main pages (issue 15): mobile preset with simulated throttling, against the built server
// on a fresh data folder (embedded PGlite, demo seed). Median of `runs` runs per page (LIGHTHOUSE_RUNS
// overrides), the goals of issue 15 checked, the worst audits of every page below its goal listed, and the
// initial JavaScript the server's HTML of each page references. Needs `npm run build` and Chromium
// (CHROME_PATH, default /usr/bin/chromium); Lighthouse comes pinned through npx, not from package.json, so
// `npm ci` stays as fast as it is.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// A demo attendee of src/server/demo/seed.ts: created with a complete profile, so /checkout shows the order
// form, not the onboarding.
const BUYER = 'lena.hoffmann@demo.example';
const RUN_TIMEOUT_MS = 180_000;
// Chrome now and then records a trace Lighthouse cannot read (NO_NAVSTART); Lighthouse's advice is to run again.
const ATTEMPTS_PER_RUN = 3;

const METRICS = [
  { key: 'fcp', audit: 'first-contentful-paint' },
  { key: 'lcp', audit: 'largest-contentful-paint' },
  { key: 'tbt', audit: 'total-blocking-time' },
  { key: 'cls', audit: 'cumulative-layout-shift' },
  { key: 'si', audit: 'speed-index' },
];

const GOALS = [
  { key: 'performance', text: 'performance', ok: (v) => v >= 95, goal: '≥ 95' },
  { key: 'lcp', text: 'LCP', ok: (v) => v <= 1800, goal: '≤ 1.8 s', show: seconds },
  { key: 'tbt', text: 'TBT', ok: (v) => v <= 150, goal: '≤ 150 ms', show: (v) => `${Math.round(v)} ms` },
  { key: 'cls', text: 'CLS', ok: (v) => v <= 0.05, goal: '≤ 0.05', show: (v) => v.toFixed(3) },
  { key: 'accessibility', text: 'accessibility', ok: (v) => v === 100, goal: '= 100' },
  { key: 'best-practices', text: 'best practices', ok: (v) => v === 100, goal: '= 100' },
  { key: 'seo', text: 'SEO', ok: (v) => v === 100, goal: '= 100' },
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

export async function benchLighthouse({
  runs = 3,
  port = 3196,
  chromePath = process.env.CHROME_PATH || '/usr/bin/chromium',
  // another checkout, built, to measure beside this one in the same run (LIGHTHOUSE_VS=/path/to/checkout):
  // per page and run, the two builds take turns, so both see the same machine
  versus = process.env.LIGHTHOUSE_VS,
} = {}) {
  const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS) || runs;
  const started = performance.now();
  const workDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-lighthouse-'));
  const builds = [{ label: versus ? 'this checkout' : null, cwd: process.cwd(), port }];
  if (versus) builds.push({ label: path.resolve(versus), cwd: path.resolve(versus), port: port + 1 });
  try {
    for (const build of builds) {
      build.server = await startServer(build.port, path.join(workDir, `data-${build.port}`), build.cwd);
      build.base = `http://localhost:${build.port}`;
      build.pages = await pagesToMeasure(build.base);
      build.results = build.pages.map((page) => ({ ...page, lhrs: [] }));
    }
    for (let index = 0; index < builds[0].pages.length; index++) {
      for (let run = 0; run < runsPerPage; run++) {
        for (const build of builds) {
          const page = build.pages[index];
          build.results[index].lhrs.push(
            await runWithRetries(build.server, `${build.base}${page.path}`, page.cookie, workDir, chromePath),
          );
        }
      }
    }
    for (const build of builds) {
      if (build.label) console.log(`\n## ${build.label}`);
      const results = [];
      for (const { lhrs, ...page } of build.results) {
        results.push({ ...page, ...summarize(lhrs), initialJs: await initialJsGzip(build.base, page) });
      }
      // the goals count for this checkout; another one measured beside it is only compared
      report(results, runsPerPage, performance.now() - started, { judged: build === builds[0] });
      build.summary = results;
    }
    return builds[0].summary;
  } finally {
    for (const build of builds) if (build.server) await stopServer(build.server);
    rmSync(workDir, { recursive: true, force: true });
  }
}

// ---- server ----

async function startServer(port, dataDir, cwd = process.cwd()) {
  mkdirSync(dataDir);
  // outside production the demo seed runs on the fresh folder: published events, demo attendees, dev mailbox
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForReady(child, `http://localhost:${port}/api/health/ready`);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return child;
}

async function waitForReady(child, url) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    assertRunning(child);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    if (performance.now() > deadline) throw new Error(`no 200 on ${url} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A server that is gone makes Chrome show its error page, which Lighthouse reports as an "interstitial";
 * say what really happened (on a shared machine another process may have ended it).
 */
function assertRunning(child) {
  if (child.exitCode === null && child.signalCode === null) return;
  throw new Error(`the server stopped (${child.signalCode ?? `exit code ${child.exitCode}`})`);
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---- pages ----

async function pagesToMeasure(base) {
  const event = pickEvent(await getJson(`${base}/api/events`));
  const cookie = await signIn(base, BUYER);
  await assertReadyToBook(base, cookie);
  return [
    { name: 'home cards', path: '/?view=cards' },
    { name: 'home timetable', path: '/?view=timetable' },
    { name: 'event detail', path: `/event/${event.slug}` },
    { name: 'help', path: '/help' },
    { name: 'login', path: '/login' },
    // the app links to /checkout/{event id} (book-button.tsx), so that is the URL measured
    { name: 'checkout (signed in)', path: `/checkout/${event.id}`, cookie },
  ];
}

/** A published paid event ahead with seats left, one with a cover image when there is one. */
function pickEvent(events, now = Date.now()) {
  const bookable = events.filter(
    (event) =>
      event.status === 'published' &&
      Date.parse(event.startTime) > now &&
      event.priceCents > 0 &&
      (event.availableSeats ?? Infinity) >= 2,
  );
  const event = bookable.find((candidate) => candidate.imageUrl) ?? bookable[0];
  if (!event) throw new Error('no bookable paid event in GET /api/events');
  return event;
}

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

// ---- sign-in by code ----

async function signIn(base, email) {
  await postJson(base, '/api/auth/code/send', { email });
  const code = await codeFromMailbox(base, email);
  const verified = await postJson(base, '/api/auth/code/verify', { email, code });
  return cookiesOf(verified);
}

async function postJson(base, pathname, body) {
  // a browser sends Origin with every POST; the CSRF check (src/server/http/csrf.ts) accepts our own origin
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`POST ${pathname}: ${res.status} ${await res.text()}`);
  return res;
}

/** The code of the newest mail to `email` in the dev mailbox (GET /api/dev/mails, newest first). */
async function codeFromMailbox(base, email) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await getJson(`${base}/api/dev/mails`);
    const code = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code for ${email} in /api/dev/mails`);
}

function cookiesOf(res) {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Checkout only shows the order form to a complete profile; fail loudly rather than measure the onboarding. */
async function assertReadyToBook(base, cookie) {
  const { user } = await getJson(`${base}/api/session`, { Cookie: cookie });
  if (!user) throw new Error(`sign-in as ${BUYER} gave no session`);
  if (!user.fullName || !user.phone || !user.emailConfirmed) {
    throw new Error(`profile of ${BUYER} is incomplete: checkout would show the onboarding`);
  }
}

// ---- Lighthouse ----

async function runWithRetries(server, url, cookie, workDir, chromePath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, cookie, workDir, chromePath);
    } catch (error) {
      assertRunning(server);
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      console.error(
        `Lighthouse on ${url} failed, again (${attempt}/${ATTEMPTS_PER_RUN - 1}): ${error.message}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

async function runLighthouse(url, cookie, workDir, chromePath) {
  const output = path.join(workDir, 'lhr.json');
  rmSync(output, { force: true });
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (cookie) {
    const headersFile = path.join(workDir, 'headers.json');
    writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
    args.push(`--extra-headers=${headersFile}`);
  }
  // TMPDIR: the profile and singleton-socket folders Chrome leaves behind go with the work folder
  await execute('npx', args, { ...process.env, CHROME_PATH: chromePath, TMPDIR: workDir });
  const lhr = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(output);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

function execute(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(new Error(`${command} ${args[1]} failed (${signal ?? code}): ${stderr.trim().slice(-800)}`));
    });
  });
}

// ---- figures ----

/** Median per figure over the runs, and the audits of the median run (by performance score). */
function summarize(lhrs) {
  const figures = lhrs.map(figuresOf);
  const median = {};
  for (const key of Object.keys(figures[0])) median[key] = medianOf(figures.map((f) => f[key]));
  const byPerformance = [...lhrs].sort(
    (a, b) => a.categories.performance.score - b.categories.performance.score,
  );
  return { median, medianRun: byPerformance[Math.floor((byPerformance.length - 1) / 2)] };
}

function figuresOf(lhr) {
  const figures = {};
  for (const category of CATEGORIES) figures[category] = Math.round(lhr.categories[category].score * 100);
  for (const { key, audit } of METRICS) figures[key] = lhr.audits[audit].numericValue;
  figures.benchmarkIndex = lhr.environment.benchmarkIndex;
  // the app's user timing 'hydration' (src/web/lib/early-input.ts), as measured on this machine (not throttled)
  const hydration = (lhr.audits['user-timings']?.details?.items ?? []).find(
    (item) => item.name === 'hydration' && item.timingType === 'Measure',
  );
  figures.hydrationMs = hydration ? hydration.duration : NaN;
  return figures;
}

function medianOf(values) {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The failing audits of a category in one run, worst first. For performance the metric audits are left
 * out (they are the table's columns) and the rest ranked by estimated savings; elsewhere by weight.
 */
function failingAudits(lhr, categoryId, limit = 5) {
  const performance = categoryId === 'performance';
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => !(performance && ref.group === 'metrics'))
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < (performance ? 0.9 : 1))
    .map(({ ref, audit }) => ({ id: ref.id, weight: ref.weight, savings: savingsMs(audit), audit }))
    .sort((a, b) => b.weight - a.weight || b.savings - a.savings)
    .slice(0, limit);
}

function savingsMs(audit) {
  const metric = audit.metricSavings ?? {};
  return audit.details?.overallSavingsMs ?? (metric.LCP ?? 0) + (metric.FCP ?? 0) + (metric.TBT ?? 0);
}

function describeAudit({ id, savings, audit }) {
  // inspector-issues has no display value; its items name the kind of console issue (CSP, cookie, …)
  const issueTypes = (audit.details?.items ?? []).map((item) => item.issueType).filter(Boolean);
  const detail =
    audit.displayValue || issueTypes.join(', ') || (savings > 0 ? `~${Math.round(savings)} ms` : '');
  return detail ? `${id} (${detail})` : id;
}

// ---- initial JavaScript ----

/**
 * Gzip size of every /assets/*.js the page's HTML loads up front: script src, modulepreload, and the entry and
 * preloads public/start-app.js loads after the first paint (data-entry, data-preload).
 */
async function initialJsGzip(base, page) {
  const headers = page.cookie ? { Cookie: page.cookie } : {};
  const res = await fetch(`${base}${page.path}`, { headers });
  const scripts = initialScripts(await res.text());
  let bytes = 0;
  for (const src of scripts) {
    const asset = await fetch(`${base}${src}`);
    if (asset.status !== 200) throw new Error(`GET ${src}: ${asset.status}`);
    bytes += gzipSync(Buffer.from(await asset.arrayBuffer())).length;
  }
  return { files: scripts.length, bytes };
}

function initialScripts(html) {
  const found = new Set();
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (key) => tag.match(new RegExp(`\\s${key}=["']([^"']*)["']`, 'i'))?.[1];
    const url =
      name.toLowerCase() === 'script'
        ? attr('src')
        : /\bmodulepreload\b/i.test(attr('rel') ?? '')
          ? attr('href')
          : undefined;
    if (url && /^\/assets\/[^?#]+\.js$/.test(url)) found.add(url);
    for (const started of [attr('data-entry'), ...(attr('data-preload') ?? '').split(' ')]) {
      if (started && /^\/assets\/[^?#]+\.js$/.test(started)) found.add(started);
    }
  }
  return [...found];
}

// ---- report ----

const COLUMNS = [
  { title: 'page', width: 22, value: (r) => r.name, left: true },
  { title: 'perf', width: 5, value: (r) => String(r.median.performance) },
  { title: 'FCP s', width: 6, value: (r) => (r.median.fcp / 1000).toFixed(2) },
  { title: 'LCP s', width: 6, value: (r) => (r.median.lcp / 1000).toFixed(2) },
  { title: 'TBT ms', width: 7, value: (r) => String(Math.round(r.median.tbt)) },
  { title: 'CLS', width: 6, value: (r) => r.median.cls.toFixed(3) },
  { title: 'SI s', width: 5, value: (r) => (r.median.si / 1000).toFixed(2) },
  {
    title: 'hydr ms',
    width: 7,
    value: (r) => (Number.isNaN(r.median.hydrationMs) ? 'n/a' : String(Math.round(r.median.hydrationMs))),
  },
  { title: 'a11y', width: 5, value: (r) => String(r.median.accessibility) },
  { title: 'bp', width: 4, value: (r) => String(r.median['best-practices']) },
  { title: 'seo', width: 4, value: (r) => String(r.median.seo) },
];

function row(cells) {
  return cells
    .map((cell, i) => (COLUMNS[i].left ? cell.padEnd(COLUMNS[i].width) : cell.padStart(COLUMNS[i].width)))
    .join(' ');
}

function report(results, runs, elapsedMs, { judged = true } = {}) {
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, simulated throttling, median of ${runs} run(s)`,
  );
  console.log(row(COLUMNS.map((c) => c.title)));
  for (const result of results) console.log(row(COLUMNS.map((c) => c.value(result))));

  console.log('\ninitial JS per route (what the HTML references, KB gzip):');
  for (const { name, initialJs } of results) {
    console.log(
      `  ${name.padEnd(22)} ${(initialJs.bytes / 1024).toFixed(1).padStart(6)} KB  (${initialJs.files} files)`,
    );
  }

  const missed = missedGoals(results);
  console.log(missed.length ? '' : '\nall goals of issue 15 met');
  for (const line of missed) console.log(line);
  if (missed.length && judged) process.exitCode = 1;

  const audits = auditLines(results);
  if (audits.length) console.log('\nfailing audits (median run; performance by savings, others by weight):');
  for (const line of audits) console.log(line);
  const errored = erroredAuditsLine(results);
  if (errored) console.log(errored);
  console.log(`\n${results.length} pages × ${runs} run(s) in ${(elapsedMs / 1000).toFixed(0)} s`);
  console.log(hostLine(results));
}

/**
 * Simulated throttling scales the CPU time Chrome measured on this machine, so a busy or slow host worsens
 * TBT and the performance score: Lighthouse's benchmark index (higher = faster) and the load put them in context.
 */
function hostLine(results) {
  const indexes = results.map((r) => Math.round(r.median.benchmarkIndex));
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return `host: ${availableParallelism()} CPUs, load average ${load}, Lighthouse benchmarkIndex per page ${indexes.join(' ')}`;
}

/** Audits Lighthouse failed to compute (e.g. a Chrome whose trace format it does not know yet). */
function erroredAuditsLine(results) {
  const errored = new Map();
  for (const { medianRun } of results) {
    for (const [id, audit] of Object.entries(medianRun.audits)) {
      if (audit.scoreDisplayMode === 'error') errored.set(id, audit.errorMessage);
    }
  }
  if (!errored.size) return null;
  const [firstMessage] = errored.values();
  return `\naudits Lighthouse could not compute: ${[...errored.keys()].join(', ')} (${firstMessage})`;
}

function missedGoals(results) {
  const lines = [];
  for (const result of results) {
    for (const goal of GOALS) {
      const value = result.median[goal.key];
      if (!goal.ok(value)) {
        const shown = goal.show ? goal.show(value) : String(value);
        lines.push(`goal missed: ${result.name}: ${goal.text} ${shown} (goal ${goal.goal})`);
      }
    }
  }
  return lines;
}

function auditLines(results) {
  const lines = [];
  for (const { name, median, medianRun } of results) {
    for (const category of CATEGORIES) {
      if (median[category] >= (category === 'performance' ? 95 : 100)) continue;
      const failing = failingAudits(medianRun, category).map(describeAudit);
      if (failing.length) lines.push(`  ${name} · ${category}: ${failing.join(', ')}`);
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLighthouse();

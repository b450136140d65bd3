// Keeps the repository citing only what a reader of it has (docs/product/README.md, 'How to use'):
// 1. no citation of the documents the shop was first built from, which are not in the repository (their
//    section signs and file names); legal paragraphs such as '§ 312j BGB' or '§19 UStG' are not matched;
// 2. one form: outside Markdown a rule is cited as `docs/product/<file>.md#<anchor>`, never as a bare
//    `<file>.md#<anchor>` or `product: <file>.md#<anchor>`;
// 3. every cited rule or section exists: `docs/product/<file>.md#<anchor>` must be an `id="<anchor>"` (or a
//    heading) in that file, `docs/architecture.md#<anchor>` one of its headings, and a Markdown link into
//    docs/product or to docs/architecture.md must hit an anchor there.
// Prints file:line for each finding and exits 1 if there is any. Usage: node scripts/check-citations.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'test', 'e2e', 'scripts', 'bench', '.ci', 'docs', 'README.md'];
const ROOT_FILE = /^(?:[\w-]+\.config\.(?:ts|js|mjs)|eslint\.config\.js)$/;
const EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.md', '.css', '.html']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations', '.git']);
const SKIP_PATHS = new Set(['docs/audits']); // dated reports, kept as they were written
const SELF = 'scripts/check-citations.mjs'; // names the forms below, so it is not scanned for them

// The outside documents' forms, matched per line. Legal paragraph signs ('§ 312j BGB') match none of them.
const FORBIDDEN = [
  // 'spec visitor §2', 'Spec admin §4', "the spec's fallback (spec visitor §7", but not 'booking.spec.ts'
  [/(?<![\w./-])spec\b[^§\n]{0,40}§/i, 'cites the outside spec'],
  [/\b(?:visitor|admin) § ?\d/i, 'cites a section of the outside spec'],
  [/\b(?:DESIGN|STYLE)(?:\.md)? ?(?:§|')/, 'cites the outside design or style guide'],
  [/\b(?:DESIGN|STYLE)\.md\b/, 'names the outside design or style guide'],
  [/\.\.\/shared\/spec/, 'points at the outside spec folder'],
];

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens; repeats get -1, -2, … */
function headingAnchors(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[`*_]/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const anchorCache = new Map();
/** The anchors of a repository file (`id="…"` and, for Markdown, its headings); null when it does not exist. */
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    let anchors = null;
    if (existsSync(file) && statSync(file).isFile()) {
      const text = readFileSync(file, 'utf8');
      anchors = new Set([...text.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]));
      if (file.endsWith('.md')) for (const anchor of headingAnchors(text)) anchors.add(anchor);
    }
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file);
}

/** docs/product/*.md by name: a bare `events.md#…` in code is a citation in the wrong form. */
const PRODUCT_FILES = readdirSync('docs/product').filter(
  (name) => name.endsWith('.md') && name !== 'README.md',
);
const BARE_PRODUCT_CITATION = new RegExp(
  `(?<![\\w./-])(?:${PRODUCT_FILES.map((name) => name.replace(/[.-]/g, '\\$&')).join('|')})#[\\w-]+`,
);

const isDocTarget = (file) => file === 'docs/architecture.md' || /^docs\/product\/[\w-]+\.md$/.test(file);

function checkTarget(target, anchor, report) {
  const anchors = anchorsOf(target);
  if (!anchors) report(`cites ${target}, which does not exist`);
  else if (anchor && !anchors.has(anchor)) report(`cites ${target}#${anchor}, which has no such anchor`);
}

function checkFile(file) {
  const findings = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const report = (message) => findings.push(`${file}:${index + 1}: ${message}`);
    if (file !== SELF) {
      const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(line));
      if (forbidden) report(`${forbidden[1]}: ${line.trim()}`);
    }
    if (!file.endsWith('.md') && BARE_PRODUCT_CITATION.test(line)) {
      report(`cite a rule as docs/product/<file>.md#<anchor>, the one form: ${line.trim()}`);
    }
    for (const match of line.matchAll(
      /(?<![\w./-])(docs\/(?:product\/[\w-]+|architecture)\.md)(?:#([\w-]+))?/g,
    )) {
      checkTarget(match[1], match[2], report);
    }
    if (file.endsWith('.md')) {
      for (const match of line.matchAll(/\]\(([\w./-]*?)(?:#([\w-]+))?\)/g)) {
        const [, href, anchor] = match;
        if (/^[a-z]+:/i.test(href) || (!href && !anchor)) continue;
        const target = href ? path.posix.normalize(path.posix.join(path.posix.dirname(file), href)) : file;
        if (isDocTarget(target)) checkTarget(target, anchor, report);
      }
    }
  });
  return findings;
}

function* filesUnder(entry) {
  if (SKIP_PATHS.has(entry) || !existsSync(entry)) return;
  const stats = statSync(entry);
  if (stats.isFile()) {
    // .ci holds extensionless scripts (.ci/run); elsewhere only the listed text files
    if (EXTENSIONS.has(path.extname(entry)) || entry.startsWith('.ci/') || entry === 'README.md') yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (SKIP_DIRS.has(name)) continue;
    yield* filesUnder(path.posix.join(entry, name));
  }
}

const files = [
  ...ROOTS.flatMap((root) => [...filesUnder(root)]),
  ...readdirSync('.').filter((name) => ROOT_FILE.test(name)),
];
const findings = files.flatMap(checkFile);
for (const finding of findings) console.error(finding);
if (findings.length > 0) {
  console.error(
    `\n${findings.length} citation problem(s): cite the rule in docs/product/ or docs/architecture.md instead ` +
      '(docs/product/README.md, "How to use").',
  );
  process.exit(1);
}
console.log(`citations: ${files.length} files checked, all cite what is in the repository`);

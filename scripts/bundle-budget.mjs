// Size budget (issues 2 and 15, decisions 034 and 039): initial JavaScript of the home page, gzipped, at most
// 90 KB (170 KB before server rendering, 117 KB with React 19, 60 KB with Preact); admin code must be split away. Reads the built index.html: the entry and preloads public/start-app.js loads, prints figures.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 90;
const root = 'dist/web';
const html = readFileSync(path.join(root, 'index.html'), 'utf8');
const starter = /<script src="\/start-app\.js" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
if (!starter) {
  console.error('index.html: kein Start-Skript (public/start-app.js) gefunden.');
  process.exit(1);
}
const initial = new Set([starter[1], ...starter[2].split(' ').filter(Boolean)]);
const gz = (file) => gzipSync(readFileSync(path.join(root, file))).length;
let total = 0;
for (const file of initial) {
  const size = gz(file);
  total += size;
  console.log(`  initial ${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]);
for (const file of css) console.log(`  initial ${file}: ${(gz(file) / 1024).toFixed(1)} KB gzip (CSS)`);

const adminChunks = readdirSync(path.join(root, 'assets')).filter((name) => /^admin-app.*\.js$/.test(name));
const adminInInitial = [...initial].some((file) => /admin/.test(file));
console.log(
  `initial JavaScript of the home page: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
);
console.log(`admin chunk(s) split away: ${adminChunks.join(', ') || 'none found'}`);
if (total > BUDGET_KB * 1024) {
  console.error(`Budget überschritten: ${(total / 1024).toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
if (adminInInitial || adminChunks.length === 0) {
  console.error('Admin-Code ist nicht vom öffentlichen Bundle getrennt.');
  process.exit(1);
}

// `npm run bench`: every benchmark, printing figures (not timed tests). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { benchBankImport } from './bank-import.mjs';
import { benchBankImportDb } from './bank-import-db.mjs';
import { benchCertificatePdf } from './certificate-pdf.mjs';
import { benchBookingRush } from './booking-rush.mjs';
import { benchBookingThroughput } from './booking-throughput.mjs';
import { benchCategoryRush } from './category-rush.mjs';
import { benchCluster } from './cluster.mjs';
import { benchDatevExport } from './datev-export.mjs';
import { benchAdminTickets } from './admin-tickets.mjs';
import { benchApiV1 } from './api-v1.mjs';
import { benchEventsApi } from './events-api.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchPages } from './pages.mjs';
import { benchSeatStreams } from './seat-streams.mjs';
import { benchStartup } from './startup.mjs';
import { benchTicketPdf } from './ticket-pdf.mjs';
import { benchWebhookRush } from './webhook-rush.mjs';
import { benchWidgetLighthouse } from './widget-lighthouse.mjs';

if (!existsSync('dist/server/main.js')) {
  console.error('Bitte zuerst `npm run build` ausführen.');
  process.exit(1);
}
console.log('# bundle size');
execFileSync(process.execPath, ['scripts/bundle-budget.mjs'], { stdio: 'inherit' });
console.log('\n# start-up');
await benchStartup();
console.log('\n# ticket documents');
await benchTicketPdf();
console.log('\n# certificates of attendance');
await benchCertificatePdf();
console.log('\n# events API on PostgreSQL');
await benchEventsApi().catch((error) => {
  // needs a PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL); the other figures still count
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# booking rush on PostgreSQL');
await benchBookingRush().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# booking throughput on PostgreSQL');
await benchBookingThroughput().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# ticket categories and codes on PostgreSQL');
await benchCategoryRush().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# one instance vs three on PostgreSQL');
await benchCluster().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# 2,000 live-seat streams on one instance (PostgreSQL)');
await benchSeatStreams().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# webhooks under a booking rush (PostgreSQL)');
await benchWebhookRush().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# REST API /api/v1 on the demo (PostgreSQL)');
await benchApiV1().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# admin tickets (10,000) on PostgreSQL');
await benchAdminTickets().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# bank statement: 5,000 lines parsed and matched');
await benchBankImport();
console.log('\n# bank statement: 10,000 lines imported on PostgreSQL');
await benchBankImportDb().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# DATEV Buchungsstapel: 10,000 invoices on PostgreSQL');
await benchDatevExport().catch((error) => {
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# server-rendered pages');
await benchPages();
console.log('\n# Lighthouse (mobile)');
await benchLighthouse().catch((error) => {
  // needs Chromium (CHROME_PATH, default /usr/bin/chromium) and npx to fetch the pinned Lighthouse
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});
console.log('\n# booking widget: widget.js and a host page with and without it (Lighthouse, mobile)');
await benchWidgetLighthouse().catch((error) => {
  // needs Chromium, npx for the pinned Lighthouse and port 8080 (an allowed site of the demo) free
  console.error(`übersprungen: ${error.message}`);
  process.exitCode = 1;
});

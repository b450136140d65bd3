// Ticket documents (issue 5): milliseconds per renderTicketPdf (median and p95 over 200 renders after a
// warm-up, each ticket with its own barcode) and the PDF size; the 2480x1169 PNG for comparison. The
// renderer is bundled from the source with esbuild (dependencies stay external, as in the server build),
// so this needs no `npm run build`. Target: median below 50 ms.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { bundleFromSource } from './support.mjs';

const RENDERS = 200;
const WARM_UP = 20;

async function loadRenderer() {
  const modules = await bundleFromSource({
    'ticket-document': 'src/server/core/tickets/ticket-document.ts',
  });
  return modules['ticket-document'];
}

const ticket = (index, logo = null) => ({
  ticketId: randomUUID(),
  ticketNumber: `WR-261212-A1B2C3D4E5-${String(index % 10_000).padStart(4, '0')}`,
  orderNumber: 'WR-7K3Q9F',
  code: String(index % 10_000).padStart(4, '0'),
  holderName: 'Jürgen Weiß',
  eventTitle: 'Achtsamkeit für Paare – ein Wochenende am Meer',
  startTime: new Date('2026-12-12T09:00:00Z'),
  endTime: new Date('2026-12-12T16:00:00Z'),
  timezone: 'Europe/Berlin',
  location: 'Seminarhaus Düne, Strandweg 4, Kampen (Sylt)',
  mode: 'presence',
  priceUnit: 'per_pair',
  isTest: false,
  status: 'active',
  brand: { siteName: 'Wachstumsraum', logo },
});

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(render, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await render(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export async function benchTicketPdf() {
  const { renderTicketPdf, renderTicketPng } = await loadRenderer();
  // a typical raster logo with transparency (the caller hands over PNG bytes)
  const logo = await sharp({
    create: { width: 600, height: 180, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.9 } },
  })
    .png()
    .toBuffer();

  await time((i) => renderTicketPdf(ticket(i)), WARM_UP);
  const plain = await time((i) => renderTicketPdf(ticket(i)), RENDERS);
  const withLogo = await time((i) => renderTicketPdf(ticket(i, logo)), RENDERS);
  const size = (await renderTicketPdf(ticket(1))).length / 1024;
  const logoSize = (await renderTicketPdf(ticket(1, logo))).length / 1024;
  await time((i) => renderTicketPng(ticket(i)), 3);
  const png = await time((i) => renderTicketPng(ticket(i)), 20);

  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `renderTicketPdf (${RENDERS}x): median ${ms(plain.median)}, p95 ${ms(plain.p95)}; PDF ${size.toFixed(1)} KB`,
  );
  console.log(
    `  with a 600x180 PNG logo: median ${ms(withLogo.median)}, p95 ${ms(withLogo.p95)}; PDF ${logoSize.toFixed(1)} KB`,
  );
  console.log(`renderTicketPng 2480x1169 (20x): median ${ms(png.median)}, p95 ${ms(png.p95)}`);
  return { plain, withLogo, size, logoSize, png };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTicketPdf();

// Certificates of attendance (issue 34, docs/product/certificates.md#document): milliseconds per
// renderCertificatePdf (median and p95 over 200 renders after a warm-up, each with its own check code and QR
// code), without and with a 900x300 signature, and the PDF size. The renderer is bundled from the source with
// esbuild (dependencies stay external, as in the server build), so this needs no `npm run build`.
import sharp from 'sharp';
import { bundleFromSource } from './support.mjs';

const RENDERS = 200;
const WARM_UP = 20;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const code = (index) =>
  Array.from(
    { length: 12 },
    (_, i) => ALPHABET[(index * 7 + i * 13 + Math.floor(index / (i + 1))) % 32],
  ).join('');

const document = (signatureKey) => ({
  holderName: 'Jürgen Weiß-Oberländer',
  eventTitle: 'Achtsamkeit im Alltag – Tagesworkshop in Hamburg',
  dates: 'Sa., 12.12.2026, 10:00–17:00 Uhr',
  venue: 'Kulturetage Elbblick, Hamburg',
  content:
    'Einführung in die Praxis der Achtsamkeit im Alltag: kurze Atempausen, achtsames Gehen und ein freundlicher Umgang mit Stress, mit Übungen für den Berufsalltag.',
  topics: [
    'Atempausen zwischen Terminen',
    'Achtsames Gehen',
    'Stress erkennen und freundlich begegnen',
    'Übungen für zu Hause',
  ],
  amount: '8.00',
  unit: 'ue',
  leaderName: 'Miriam Albers',
  leaderRole: 'Kursleitung, MBSR-Lehrerin',
  signatureKey,
  accreditation: 'Als Fortbildung anerkannt (8 UE).',
  organizer: { name: 'Wachstumsraum Albers GbR', address: 'Kulturweg 12, 22765 Hamburg' },
  issuedOn: '13.12.2026',
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

export async function benchCertificatePdf() {
  const { 'certificate-pdf': module } = await bundleFromSource({
    'certificate-pdf': 'src/server/core/certificates/certificate-pdf.ts',
  });
  const { renderCertificatePdf } = module;
  // a signature as the upload leaves it: PNG on white, at most 900x300
  const signature = await sharp({
    create: { width: 900, height: 300, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="300"><path d="M40 220 C 160 40, 260 280, 380 120 S 620 60, 860 200" stroke="#1e3a8a" stroke-width="10" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const input = (i, withSignature) => ({
    document: document(withSignature ? 'certificates/signatures/demo.png' : null),
    code: code(i),
    checkUrl: `https://tickets.example/bescheinigung/${code(i)}`,
    signature: withSignature ? signature : null,
    siteName: 'Wachstumsraum',
  });
  await time((i) => renderCertificatePdf(input(i, true)), WARM_UP);
  const plain = await time((i) => renderCertificatePdf(input(i, false)), RENDERS);
  const signed = await time((i) => renderCertificatePdf(input(i, true)), RENDERS);
  const size = (await renderCertificatePdf(input(1, false))).length / 1024;
  const signedSize = (await renderCertificatePdf(input(1, true))).length / 1024;
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `renderCertificatePdf (${RENDERS}x): median ${ms(plain.median)}, p95 ${ms(plain.p95)}; PDF ${size.toFixed(1)} KB`,
  );
  console.log(
    `  with a 900x300 signature: median ${ms(signed.median)}, p95 ${ms(signed.p95)}; PDF ${signedSize.toFixed(1)} KB`,
  );
  return { plain, signed, size, signedSize };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCertificatePdf();

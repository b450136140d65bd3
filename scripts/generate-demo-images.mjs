// Renders the demo cover images and organizer portraits (public/demo/…) from abstract SVG scenes.
// The outputs are committed, so the demo needs no network and no stock photos with unclear licences;
// rerun after changing a scene: `node scripts/generate-demo-images.mjs`. Slugs match src/server/demo/seed-events.ts.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const COVER = { width: 1409, height: 500 }; // cover 1409 wide at 2.818:1 (docs/product/events.md#event-cover)
const PORTRAIT = 512;
const MAX_BYTES = 60 * 1024;

const covers = {
  'resilienz-staerken-jahresgruppe-hamburg': {
    sky: ['#e4ecd6', '#f7e7c6'],
    sun: '#fffaf0',
    land: ['#9fbf8f', '#7ea476', '#5b8560'],
    water: '#8fb8c9',
    sunX: 0.38,
    sunY: 0.4,
  },
  'achtsamkeit-im-alltag-hamburg': {
    sky: ['#cfe3f1', '#f6dcc8'],
    sun: '#fff3e0',
    land: ['#8fb3c9', '#6d97b3', '#4f7a99'],
    water: '#9cc3d8',
    sunX: 0.72,
    sunY: 0.42,
  },
  'selbstmitgefuehl-online-abendkurs': {
    sky: ['#3b3563', '#c98aa6'],
    sun: '#fde8ef',
    land: ['#6c5a8c', '#54467a', '#3a3160'],
    sunX: 0.22,
    sunY: 0.3,
  },
  'zeit-fuer-uns-paar-retreat-lueneburger-heide': {
    sky: ['#f7d9a8', '#f2b8a0'],
    sun: '#fff1cf',
    land: ['#b98bb5', '#9a6b9f', '#6f4c7a'],
    sunX: 0.64,
    sunY: 0.5,
  },
  'klarheit-finden-wochenendseminar-ostsee': {
    sky: ['#bcdcf0', '#eef5f8'],
    sun: '#fffbea',
    land: ['#e9d9b6', '#d8c59a'],
    water: '#5d9cc4',
    sunX: 0.3,
    sunY: 0.35,
  },
  'stimme-und-praesenz-intensivworkshop-luebeck': {
    sky: ['#f4d7c3', '#f0b79a'],
    sun: '#fff0e2',
    land: ['#c8735a', '#a85843', '#7f3f31'],
    sunX: 0.8,
    sunY: 0.45,
  },
  'gelassen-durch-veraenderungen-online-infoabend': {
    sky: ['#d6efe9', '#a9d6cf'],
    sun: '#f4fffb',
    land: ['#6fb5a8', '#4c978c', '#2f766d'],
    sunX: 0.5,
    sunY: 0.4,
  },
  'naturcoaching-am-meer-retreat-sylt': {
    sky: ['#a9cbe6', '#e3eef6'],
    sun: '#ffffff',
    land: ['#d9c89c', '#9fb07a'],
    water: '#3f7fae',
    sunX: 0.85,
    sunY: 0.3,
  },
  'teamtag-achtsame-kommunikation-kiel': {
    sky: ['#dde7ef', '#b9cbd9'],
    sun: '#f7fbff',
    land: ['#7f98ad', '#5f7b93'],
    water: '#6f8fa9',
    sunX: 0.18,
    sunY: 0.45,
  },
};

const portraits = {
  'miriam-albers': { bg: ['#f3d6c6', '#d9a6a0'], figure: '#8a5d66', hair: '#4e3139', longHair: true },
  'jonas-albers': { bg: ['#cfe0e8', '#94b6c7'], figure: '#4a6a7e', hair: '#263845', longHair: false },
};

/** Deterministic pseudo-random numbers, so a rerun produces the same images. */
function random(seedText) {
  let seed = [...seedText].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A closed path of a gently rolling ridge at height `base` (0..1 of the image height). */
function ridge(rand, { width, height }, base, amplitude) {
  const waves = [0, 1, 2].map(() => ({
    length: 0.4 + rand() * 1.2,
    phase: rand() * Math.PI * 2,
    weight: 0.3 + rand(),
  }));
  const points = [];
  for (let x = 0; x <= width; x += 16) {
    const t = x / width;
    const y = waves.reduce((sum, w) => sum + Math.sin((t / w.length) * Math.PI * 2 + w.phase) * w.weight, 0);
    points.push(`${x},${(base * height + y * amplitude * height).toFixed(1)}`);
  }
  return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
}

function coverSvg(slug, scene) {
  const size = COVER;
  const rand = random(slug);
  const horizon = scene.water ? 0.62 : 0.55;
  const layers = scene.land.map((color, index) => {
    const base = scene.water ? 0.72 + index * 0.1 : horizon + index * 0.12;
    return `<path d="${ridge(rand, size, base, 0.035 + index * 0.015)}" fill="${color}"/>`;
  });
  const water = scene.water
    ? `<rect y="${horizon * size.height}" width="${size.width}" height="${size.height}" fill="url(#water)"/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${scene.sunX * size.width - 60 + i * 12}" y="${(horizon + 0.03 + i * 0.035) * size.height}" width="${120 - i * 24}" height="3" rx="1.5" fill="${scene.sun}" opacity="${0.6 - i * 0.12}"/>`,
        )
        .join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="${scene.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${scene.sun}" stop-opacity="0"/></radialGradient>
      <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.water ?? '#000'}" stop-opacity="0.75"/><stop offset="1" stop-color="${scene.water ?? '#000'}"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${scene.sunX * size.width}" cy="${scene.sunY * size.height}" r="170" fill="url(#glow)"/>
    <circle cx="${scene.sunX * size.width}" cy="${scene.sunY * size.height}" r="46" fill="${scene.sun}"/>
    ${water}${layers.join('')}
  </svg>`;
}

function portraitSvg(scene) {
  const s = PORTRAIT;
  // long hair falls behind the shoulders; short hair only caps the head
  const hair = scene.longHair
    ? `<path d="M150,236 C146,130 200,92 256,92 C312,92 366,130 362,236 L372,372 C326,392 186,392 140,372 Z" fill="${scene.hair}"/>`
    : '';
  const cap = scene.longHair
    ? `<path d="M172,206 C178,136 218,112 258,112 C306,112 340,142 340,206 C318,170 268,150 226,164 C200,172 182,186 172,206 Z" fill="${scene.hair}"/>`
    : `<path d="M174,210 C168,140 208,110 256,110 C306,110 344,140 338,210 C330,176 302,156 256,156 C214,156 184,174 174,210 Z" fill="${scene.hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${scene.bg[0]}"/><stop offset="1" stop-color="${scene.bg[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <circle cx="256" cy="250" r="212" fill="#ffffff" opacity="0.2"/>
    ${hair}
    <rect x="222" y="280" width="68" height="70" rx="24" fill="${scene.figure}" opacity="0.85"/>
    <path d="M80,512 C92,400 166,338 256,338 C346,338 420,400 432,512 Z" fill="${scene.figure}"/>
    <ellipse cx="256" cy="214" rx="80" ry="94" fill="${scene.figure}"/>
    ${cap}
  </svg>`;
}

async function write(svg, file, resize) {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).resize(resize).webp({ quality: 78, effort: 6 }).toFile(file);
  const bytes = statSync(file).size;
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over the ${MAX_BYTES} budget`);
  console.log(`${file} ${(bytes / 1024).toFixed(1)} KB`);
}

for (const [slug, scene] of Object.entries(covers)) {
  await write(coverSvg(slug, scene), `public/demo/covers/${slug}.webp`, COVER);
}
for (const [name, scene] of Object.entries(portraits)) {
  await write(portraitSvg(scene), `public/demo/portraits/${name}.webp`, {
    width: PORTRAIT,
    height: PORTRAIT,
  });
}

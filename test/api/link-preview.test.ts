import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '@server/demo/factories';
import { eventOrganizers } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

// Link previews and search (docs/architecture.md#a-page-load): /event/{slug} carries its own head in the
// HTML, because messengers and search engines do not run the client's JavaScript.
let t: TestApp;
const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-preview-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="de"><head><title>Wachstumsraum</title><!--app-head--></head><body><div id="root"></div>' +
      '<script src="/start-app.js" data-entry="/assets/index-1.js" data-preload="/assets/shared-0.js" defer></script></body></html>',
  );
  // a Vite build manifest: the detail page is a lazy chunk that imports a shared one
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/web/main.tsx': { file: 'assets/index-1.js', isEntry: true },
      'src/web/features/events/event-detail-page.tsx': {
        file: 'assets/detail-2.js',
        imports: ['_shared-3.js'],
      },
      '_shared-3.js': { file: 'assets/shared-3.js' },
    }),
  );
  t = await createTestApp({ webRoot, env: { PUBLIC_URL: 'https://tickets.example' } });
});
afterAll(() => t.close());

async function page(pathname: string) {
  const res = await t.app.request(pathname);
  return { res, html: await res.text() };
}

/** The value of a meta tag, HTML entities decoded as a browser or crawler reads it. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const LONG =
  'Wir üben, was im Alltag wirklich trägt: kurze Atempausen, achtsames Gehen an der Elbe und ein freundlicher ' +
  'Blick auf die eigenen Gedanken. Der Workshop richtet sich an alle, die neugierig sind – Vorkenntnisse brauchst ' +
  'du nicht. Tee, Obst und ein leichtes Mittagessen sind inklusive.';

describe('GET /event/{slug}: link preview and structured data', () => {
  it('puts title, a description of at most 160 characters, Open Graph and Twitter tags into the HTML', async () => {
    const db = t.database.db;
    const event = await createEvent(db, {
      slug: 'achtsamkeit-hamburg',
      title: 'Achtsamkeit im Alltag',
      shortDescription: null,
      description: LONG,
      startTime: new Date('2027-07-10T08:00:00Z'),
      endTime: new Date('2027-07-10T15:00:00Z'),
      venue: 'Kulturetage Elbblick',
      location: 'Hamburg',
      locationDetails: 'Hamburg-Ottensen',
      imageUrl: '/demo/covers/achtsamkeit-hamburg.webp',
      priceCents: 8900,
    });
    const organizer = await createUser(db, { role: 'organizer', name: 'Miriam Albers' });
    await db.insert(eventOrganizers).values({ eventId: event.id, userId: organizer.user.id });

    const { res, html } = await page('/event/achtsamkeit-hamburg');
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Achtsamkeit im Alltag · Wachstumsraum</title>');
    const description = meta(html, 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('Wir üben, was im Alltag wirklich trägt')).toBe(true);
    expect(description.endsWith('…')).toBe(true);

    expect(meta(html, 'og:title')).toBe('Achtsamkeit im Alltag');
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe('https://tickets.example/event/achtsamkeit-hamburg');
    expect(meta(html, 'og:image')).toBe('https://tickets.example/demo/covers/achtsamkeit-hamburg.webp');
    // the cover and the lazily loaded detail code are announced early (faster first paint)
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/demo/covers/achtsamkeit-hamburg.webp">',
    );
    // (joining what public/start-app.js preloads after the first paint; the entry is not announced twice)
    expect(html).toContain('data-preload="/assets/detail-2.js /assets/shared-3.js /assets/shared-0.js"');
    expect(html.split('/assets/index-1.js').length).toBe(2);
    expect(meta(html, 'og:locale')).toBe('de_DE');
    expect(meta(html, 'og:site_name')).toBe('Wachstumsraum');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe('https://tickets.example/demo/covers/achtsamkeit-hamburg.webp');
    expect(html).toContain('<link rel="canonical" href="https://tickets.example/event/achtsamkeit-hamburg">');

    const [data] = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Achtsamkeit im Alltag',
      startDate: '2027-07-10T10:00:00+02:00',
      endDate: '2027-07-10T17:00:00+02:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Kulturetage Elbblick',
        address: { '@type': 'PostalAddress', addressLocality: 'Hamburg', addressRegion: 'Hamburg-Ottensen' },
      },
      image: ['https://tickets.example/demo/covers/achtsamkeit-hamburg.webp'],
      organizer: [{ '@type': 'Person', name: 'Miriam Albers' }],
      offers: {
        '@type': 'Offer',
        price: '89.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://tickets.example/event/achtsamkeit-hamburg',
      },
      url: 'https://tickets.example/event/achtsamkeit-hamburg',
    });
    expect(String(data!.description)).toContain('Mittagessen');
  });

  it('marks a sold-out event SoldOut and an online one as VirtualLocation, without its online_url', async () => {
    await createEvent(t.database.db, {
      slug: 'ausgebucht-online',
      mode: 'online',
      location: 'Online',
      totalSeats: 12,
      availableSeats: 0,
      onlineUrl: 'https://meet.example/geheim-4711',
      startTime: new Date('2027-01-12T18:00:00Z'),
    });
    const { res, html } = await page('/event/ausgebucht-online');
    expect(res.status).toBe(200);
    expect(html).not.toContain('geheim-4711');
    const [data] = jsonLd(html);
    expect(data!.startDate).toBe('2027-01-12T19:00:00+01:00');
    expect(data!.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(data!.location).toEqual({
      '@type': 'VirtualLocation',
      url: 'https://tickets.example/event/ausgebucht-online',
    });
    expect((data!.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('escapes what an event says: nothing in it can end the element it stands in', async () => {
    const title = 'Nähe & "Distanz" </script><script>alert(1)</script> $& $\'';
    await createEvent(t.database.db, {
      slug: 'escape-test',
      title,
      shortDescription: '<img src=x onerror=alert(2)> Ein "Abend"',
    });
    const { html } = await page('/event/escape-test');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON-LD block's and the start script's end tags
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'description')).toBe('<img src=x onerror=alert(2)> Ein "Abend"');
    expect(jsonLd(html)[0]!.name).toBe(title);
    expect(html).toContain('<title>Nähe &amp; &quot;Distanz&quot; &lt;/script&gt;');
    // `$&` and `$'` are replacement patterns of String.replace: they must arrive as text
    expect(html).toContain("$&amp; $' · Wachstumsraum</title>");
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it('answers an unknown slug, a draft and a hidden event with the shell and status 404', async () => {
    await createEvent(t.database.db, { slug: 'vorschau-entwurf', status: 'draft' });
    await createEvent(t.database.db, { slug: 'vorschau-versteckt', hidden: true });
    for (const slug of ['gibt-es-nicht', 'vorschau-entwurf', 'vorschau-versteckt']) {
      const { res, html } = await page(`/event/${slug}`);
      expect(res.status).toBe(404);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Event nicht gefunden · Wachstumsraum</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(jsonLd(html)).toEqual([]);
    }
  });

  it('gives other pages the site-wide Open Graph tags', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(meta(html, 'og:site_name')).toBe('Wachstumsraum');
    expect(meta(html, 'og:locale')).toBe('de_DE');
    expect(html).not.toContain('rel="canonical"');
  });
});

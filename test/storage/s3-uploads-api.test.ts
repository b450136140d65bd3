import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEventTicketPreview } from '@server/core/tickets/event-ticket-preview';
import { eventMedia, profiles } from '@server/db/schema';
import { createEvent, createUser } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { sessionOf, signIn, uniqueEmail } from '../helpers/auth';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';

// docs/decisions/029-s3-storage.md: the real app with S3_* set, against a local S3-compatible server.
let s3: LocalS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

type ErrorBody = { error: { code: string; message: string } };

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 110, b: 90 } } })
    .png()
    .toBuffer();

function uploadTo(app: TestApp, path: string, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bild.png');
  return app.app.request(path, { method: 'POST', headers: { cookie }, body: form });
}

async function person(app: TestApp, role: 'attendee' | 'admin' = 'attendee') {
  const email = uniqueEmail(role);
  if (role !== 'attendee') await createUser(app.database.db, { email, role });
  const { cookie } = await signIn(app, email);
  return { cookie, id: (await sessionOf(app, cookie))!.id };
}

describe('uploads with S3 storage', () => {
  it('stores an avatar in the bucket and serves it at its /uploads URL with a year of caching and an ETag', async () => {
    const { cookie, id } = await person(t);
    const res = await uploadTo(t, '/api/profile/images/avatar', cookie, await png());
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${id}/avatars-\\d+\\.webp$`));
    // in the bucket, not on disk
    expect(await t.services.storage.read(t.services.storage.keyOf(url)!)).not.toBeNull();

    const served = await t.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    const etag = served.headers.get('ETag');
    expect(etag).toMatch(/^".+"$/);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    const again = await t.app.request(url, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);

    // a replaced avatar is deleted from the bucket
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = await uploadTo(t, '/api/profile/images/avatar', cookie, await png());
    expect(next.status).toBe(200);
    expect((await t.app.request(url)).status).toBe(404);
  });

  it('stores an event cover and the ticket preview in the bucket', async () => {
    const { cookie } = await person(t, 'admin');
    const event = await createEvent(t.database.db);
    const res = await uploadTo(t, `/api/admin/events/${event.id}/cover`, cookie, await png());
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/uploads/event-media/${event.id}/cover-\\d+\\.webp$`));
    expect((await t.app.request(url)).status).toBe(200);

    const preview = await renderEventTicketPreview({
      db: t.database.db,
      storage: t.services.storage,
      siteName: 'Wachstumsraum',
      eventId: event.id,
    });
    const served = await t.app.request(preview);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('answers 404 for a file that is not in the bucket, and for types it never serves', async () => {
    expect((await t.app.request('/uploads/avatars/x/avatars-1.webp')).status).toBe(404);
    expect((await t.app.request('/uploads/a.txt')).status).toBe(404);
    expect((await t.app.request('/uploads/%2e%2e/app-secret')).status).toBe(404);
  });
});

describe('with S3_PUBLIC_URL', () => {
  it('keeps /uploads URLs in the database and redirects them to the bucket', async () => {
    const app = await createTestApp({
      env: { ...s3.env, S3_PUBLIC_URL: 'https://bilder.example.org/shop/' },
    });
    try {
      const { cookie } = await person(app);
      const res = await uploadTo(app, '/api/profile/images/avatar', cookie, await png());
      const { url } = (await res.json()) as { url: string };
      expect(url).toMatch(/^\/uploads\/avatars\//);
      const served = await app.app.request(url);
      expect(served.status).toBe(301);
      expect(served.headers.get('Location')).toBe(
        `https://bilder.example.org/shop/${url.slice('/uploads/'.length)}`,
      );
      expect(served.headers.get('Cache-Control')).toBe('public, max-age=86400');
    } finally {
      await app.close();
    }
  });
});

describe('an S3 outage', () => {
  it('answers an upload with a German 503 and changes nothing in the database', async () => {
    const down = await startLocalS3('ausfall');
    const app = await createTestApp({ env: down.env });
    try {
      const { cookie, id } = await person(app);
      const ok = await uploadTo(app, '/api/profile/images/avatar', cookie, await png());
      expect(ok.status).toBe(200);
      const { url } = (await ok.json()) as { url: string };

      await down.stop();
      const res = await uploadTo(app, '/api/profile/images/avatar', cookie, await png());
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBeTruthy();
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'unavailable',
        message: 'Die Datei konnte gerade nicht gespeichert werden. Bitte versuche es gleich noch einmal.',
      });
      const [row] = await app.database.db.select().from(profiles).where(eq(profiles.id, id));
      expect(row!.avatarUrl).toBe(url);

      const admin = await person(app, 'admin');
      const event = await createEvent(app.database.db);
      const cover = await uploadTo(app, `/api/admin/events/${event.id}/cover`, admin.cookie, await png());
      expect(cover.status).toBe(503);
      expect(await app.database.db.select().from(eventMedia).where(eq(eventMedia.eventId, event.id))).toEqual(
        [],
      );

      // reading meanwhile: 503 as well, not a 404 that caches would keep
      const served = await app.app.request(url);
      expect(served.status).toBe(503);
      expect(served.headers.get('Cache-Control')).toBe('no-store');
    } finally {
      await app.close();
      await down.close();
    }
  });
});

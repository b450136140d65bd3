import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { certificateSettings, certificates, tickets } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { issueCertificates } from '@server/core/certificates/issue-certificates';
import { newCertificateCode } from '@server/core/certificates/certificate-code';
import type { TestApp } from '../helpers/app';
import { closeRenderingTestApp, createRenderingTestApp } from '../helpers/rendering-app';

// The check page /bescheinigung/{code} comes with its verdict in the first HTML, rendered for each request
// (docs/product/certificates.md#check-page): a revocation shows at once, an unknown code answers 404.

let t: TestApp;
let code = '';
let certificateId = '';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createRenderingTestApp('certificate-check');
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const buyer = await createUser(db);
  const start = new Date(Date.now() - 2 * DAY);
  const event = await createEvent(db, { title: 'Stimme finden', startTime: start });
  const { tickets: booked } = await createBooking(db, {
    event,
    profileId: buyer.user.id,
    booking: { holderName: 'Anna Meier' },
    now: new Date(start.getTime() - DAY),
  });
  await db
    .update(tickets)
    .set({ checkedInAt: start, isCheckedIn: true })
    .where(eq(tickets.id, booked[0]!.id));
  await db
    .insert(certificateSettings)
    .values({ eventId: event.id, enabled: true, content: 'Üben.', amount: '3' });
  await issueCertificates(t.services, { eventId: event.id, actorId: admin.user.id });
  const [row] = await db.select().from(certificates).where(eq(certificates.eventId, event.id));
  code = row!.code;
  certificateId = row!.id;
});
afterAll(() => closeRenderingTestApp(t));

const page = (path: string, ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`) =>
  t.app.request(path, { headers: { 'X-Forwarded-For': ip } });

describe('/bescheinigung/{code}', () => {
  it('carries the verdict in its HTML, per request, never kept', async () => {
    const res = await page(`/bescheinigung/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('Gültige Teilnahmebescheinigung');
    expect(html).toContain('Anna M.');
    expect(html).not.toContain('Meier');
    expect(html).toContain('Stimme finden');

    await t.database.db
      .update(certificates)
      .set({ status: 'revoked', revokedAt: new Date() })
      .where(eq(certificates.id, certificateId));
    expect(await (await page(`/bescheinigung/${code}`)).text()).toContain('Bescheinigung widerrufen');
  });

  it('answers 404 to an unknown code', async () => {
    const res = await page(`/bescheinigung/${newCertificateCode()}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Gültige Teilnahmebescheinigung');
  });
});

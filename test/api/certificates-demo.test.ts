import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateCheck, CertificateSettingsView, EventCertificates } from '@shared/certificates';
import type { MyTicket } from '@shared/tickets';
import { seedDemo } from '@server/demo/seed';
import { events } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/auth';
import { signedInUser } from '../helpers/tickets';

// The demo's certificates (docs/product/certificates.md#demo): the past Hamburg workshop has them on, every
// checked-in ticket has one, one is revoked; Lena finds hers in Meine Tickets, and the check page answers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
});
afterAll(() => t.close());

describe('demo certificates', () => {
  it('shows the past workshop with certificates issued, one revoked, and Lena’s in Meine Tickets', async () => {
    const admin = await signedInUser(t, 'admin');
    const [event] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, 'achtsamkeit-im-alltag-hamburg'));
    const get = (url: string, cookie?: string) => t.app.request(url, { headers: cookie ? { cookie } : {} });
    const settings = (await (
      await get(`/api/admin/events/${event!.id}/certificate-settings`, admin.cookie)
    ).json()) as CertificateSettingsView;
    expect(settings).toMatchObject({ enabled: true, amount: '8', unit: 'ue' });

    const list = (await (
      await get(`/api/admin/events/${event!.id}/certificates`, admin.cookie)
    ).json()) as EventCertificates;
    expect(list.tickets.length).toBeGreaterThanOrEqual(8);
    const checkedIn = list.tickets.filter((row) => row.checkedIn);
    expect(checkedIn.every((row) => row.current !== null || row.earlier.length > 0)).toBe(true);
    const revoked = list.tickets.flatMap((row) => row.earlier).filter((entry) => entry.status === 'revoked');
    expect(revoked).toHaveLength(1);
    const check = (await (
      await get(`/api/certificates/check/${revoked[0]!.code}`)
    ).json()) as CertificateCheck;
    expect(check).toMatchObject({
      status: 'revoked',
      eventTitle: 'Achtsamkeit im Alltag – Tagesworkshop in Hamburg',
    });

    const lena = await signIn(t, 'lena.hoffmann@demo.example');
    const mine = (await (await get('/api/tickets', lena.cookie)).json()) as MyTicket[];
    const withCertificate = mine.filter((ticket) => ticket.certificate);
    expect(withCertificate.length).toBeGreaterThan(0);
    const pdf = await get(`/api/certificates/${withCertificate[0]!.certificate!.id}/pdf`, lena.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
  });
});

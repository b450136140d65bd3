import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SIGNATURE_MESSAGE, type AdminSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import { mailSignatureOf } from '@server/core/event-mails/mail-signature';
import { appSettings } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signedInUser } from '../helpers/tickets';

// Card 'Automatische E-Mails' (docs/product/event-mails.md#signature): PUT /api/admin/settings/mail-signature,
// the signature in the admin settings only, and mailSignatureOf for the mail job and the preview.

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, 'admin')).cookie;
});
afterAll(() => t.close());

const SIGNATURE_URL = '/api/admin/settings/mail-signature';
const put = (body: unknown, cookie = admin) =>
  t.app.request(SIGNATURE_URL, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const adminSettings = () =>
  json<AdminSettings>(t.app.request('/api/admin/settings', { headers: { cookie: admin } }));
const publicText = async () => (await t.app.request('/api/settings')).text();

const SIGNATURE = 'Herzliche Grüße\nAnna Berg\nHaus am See · Tel. 0431 123456';

describe('the mail signature', () => {
  it('is empty by default', async () => {
    expect(mailSignatureOf(await t.settings.get())).toBe('');
    expect((await adminSettings()).settings.mailSignature).toEqual({ text: '' });
  });

  it('is for admins only', async () => {
    expect((await put({ text: SIGNATURE }, '')).status).toBe(401);
    expect((await put({ text: SIGNATURE }, (await signedInUser(t, 'organizer')).cookie)).status).toBe(403);
    expect((await put({ text: SIGNATURE }, (await signedInUser(t, 'attendee')).cookie)).status).toBe(403);
    expect(await t.database.db.select().from(appSettings)).toEqual([]);
  });

  it('is saved with its line breaks, trimmed, and read by mailSignatureOf at once', async () => {
    await t.settings.get(); // fills the cache that the save must refresh
    const saved = await json<AppSettings>(put({ text: `\r\n  ${SIGNATURE.replace(/\n/g, '\r\n')}  \n` }));
    expect(saved.mailSignature).toEqual({ text: SIGNATURE });
    expect((await adminSettings()).settings.mailSignature.text).toBe(SIGNATURE);
    expect(mailSignatureOf(await t.settings.get())).toBe(SIGNATURE);
  });

  it('is not shown to visitors in GET /api/settings', async () => {
    await json(put({ text: SIGNATURE }));
    const text = await publicText();
    expect(JSON.parse(text)).not.toHaveProperty('mailSignature');
    expect(text).not.toContain('0431 123456');
  });

  it('takes up to 1,000 characters and refuses more or a non-text with 422, keeping the old one', async () => {
    await json(put({ text: SIGNATURE }));
    await json(put({ text: 'x'.repeat(1000) }));
    const tooLong = await json<{ error: { code: string; message: string; details: unknown } }>(
      put({ text: 'x'.repeat(1001) }),
      422,
    );
    expect(tooLong.error).toMatchObject({
      code: 'validation_failed',
      message: MAIL_SIGNATURE_MESSAGE,
      details: [{ path: 'text', message: MAIL_SIGNATURE_MESSAGE }],
    });
    expect((await put({ text: 42 })).status).toBe(422);
    expect((await put({})).status).toBe(422);
    expect(mailSignatureOf(await t.settings.get())).toBe('x'.repeat(1000));
  });

  it('is removed by saving it empty', async () => {
    await json(put({ text: SIGNATURE }));
    const saved = await json<AppSettings>(put({ text: '   ' }));
    expect(saved.mailSignature.text).toBe('');
    expect(mailSignatureOf(await t.settings.get())).toBe('');
  });
});

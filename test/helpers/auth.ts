import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema';
import type { TestApp } from './app';

let counter = 0;
/** A unique address per call: rate limits are per address. */
export const uniqueEmail = (prefix = 'person') => `${prefix}-${Date.now()}-${++counter}@example.org`;

/** Cookies a response set, as a request Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function post(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export async function latestMailTo(t: TestApp, to: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return rows[0];
}

export async function codeFromMail(t: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code mail for ${email}`);
  return match[1]!;
}

/** Signs in by code through the API, as the client does; returns the session cookie header. */
export async function signIn(
  t: TestApp,
  email = uniqueEmail(),
  ip = `10.1.${counter % 250}.${++counter % 250}`,
) {
  const headers = { 'X-Forwarded-For': ip };
  const sent = await post(t, '/api/auth/code/send', { email }, headers);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
  const code = await codeFromMail(t, email);
  const verified = await post(t, '/api/auth/code/verify', { email, code }, headers);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return { email, cookie: cookiesOf(verified) };
}

export async function sessionOf(t: TestApp, cookie: string) {
  const res = await t.app.request('/api/session', { headers: { cookie } });
  return ((await res.json()) as { user: { id: string; email: string; role: string } | null }).user;
}

import { desc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/types';
import { mailOutbox } from '@server/db/schema';
import { cookiesOf } from '../../helpers/auth';

const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });

/**
 * Signs in by code against a server process, reading the code from its outbox in the shared database (the
 * code mail is written before /send answers); returns the session cookie header.
 */
export async function signInOverHttp(base: string, db: Db, email: string): Promise<string> {
  const sent = await postJson(`${base}/api/auth/code/send`, { email });
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mail for ${email}`);
  const verified = await postJson(`${base}/api/auth/code/verify`, { email, code });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return cookiesOf(verified);
}

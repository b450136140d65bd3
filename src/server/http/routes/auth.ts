import { Hono, type Context } from 'hono';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import {
  sendCodeSchema,
  sendMagicLinkSchema,
  verifyCodeSchema,
  verifyMagicLinkSchema,
} from '@shared/auth-schemas';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../../core/app-error';
import { markEmailConfirmed } from '../../core/auth/mark-email-confirmed';
import { enforceRateLimits } from '../../core/auth/rate-limit';
import { rememberUsedMagicLink, wasMagicLinkUsed } from '../../core/auth/used-magic-links';
import { session as sessionTable } from '../../db/schema';
import { allow, currentSession } from '../access';
import type { AppEnv } from '../app';
import { clientIp } from '../client-ip';
import { bodyOf } from '../json-body';

// Sending: one mail per address per minute (the client's resend countdown; AUTH_CODE_INTERVAL_SECONDS, so
// browser tests need not wait a real minute), five per hour, and at most thirty per client (an office behind
// one address) in ten minutes. Verifying: thirty tries per client in ten minutes, on top of better-auth's
// five wrong tries per code.
const sendLimits = (kind: string, email: string, ip: string, intervalSeconds: number) => [
  { key: `${kind}:email-minute:${email}`, max: 1, windowSeconds: intervalSeconds },
  { key: `${kind}:email-hour:${email}`, max: 5, windowSeconds: 3600 },
  { key: `${kind}:client:${ip}`, max: 30, windowSeconds: 600 },
];
const verifyLimits = (ip: string) => [{ key: `verify:client:${ip}`, max: 30, windowSeconds: 600 }];

function copyCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/code/send', allow('public'), async (c) => {
    const { email } = bodyOf(c, sendCodeSchema);
    const { auth, database, config } = c.get('deps');
    await enforceRateLimits(
      database.db,
      sendLimits('code', email, clientIp(c), config.authCodeIntervalSeconds),
    );
    // The answer is the same whether or not an account exists (no enumeration).
    await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers: c.req.raw.headers });
    return c.json({ ok: true });
  })
  .post('/code/verify', allow('public'), async (c) => {
    const { email, code } = bodyOf(c, verifyCodeSchema);
    const { auth, database } = c.get('deps');
    await enforceRateLimits(database.db, verifyLimits(clientIp(c)));
    try {
      const { headers, response } = await auth.api.signInEmailOTP({
        body: { email, otp: code },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      await markEmailConfirmed(database.db, response.user.id);
      copyCookies(c, headers);
      return c.json({ ok: true });
    } catch (error) {
      if (isAPIError(error) && error.body?.code === 'TOO_MANY_ATTEMPTS') {
        throw new AppError(
          'code_attempts_exceeded',
          'Zu viele Fehlversuche. Bitte fordere einen neuen Code an.',
        );
      }
      if (isAPIError(error))
        throw new AppError('code_invalid', 'Code ungültig oder abgelaufen. Bitte erneut senden.');
      throw error;
    }
  })
  .post('/magic-link/send', allow('public'), async (c) => {
    const { email } = bodyOf(c, sendMagicLinkSchema);
    const { auth, database, config } = c.get('deps');
    await enforceRateLimits(
      database.db,
      sendLimits('link', email, clientIp(c), config.authCodeIntervalSeconds),
    );
    await auth.api.signInMagicLink({ body: { email }, headers: c.req.raw.headers });
    return c.json({ ok: true });
  })
  .post('/magic-link/verify', allow('public'), async (c) => {
    const { token } = bodyOf(c, verifyMagicLinkSchema);
    const { auth, database } = c.get('deps');
    await enforceRateLimits(database.db, verifyLimits(clientIp(c)));
    const response = await auth.api.magicLinkVerify({
      query: { token, callbackURL: '/' },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    // better-auth answers with a redirect either way; an error carries ?error= in its Location.
    const location = response.headers.get('Location') ?? '';
    if (response.status >= 400 || location.includes('error=')) {
      if (await wasMagicLinkUsed(database.db, token)) {
        throw new AppError('link_used', GERMAN_DEFAULT_MESSAGES.link_used);
      }
      throw new AppError('link_invalid', GERMAN_DEFAULT_MESSAGES.link_invalid);
    }
    await rememberUsedMagicLink(database.db, token);
    copyCookies(c, response.headers);
    const found = await auth.api.getSession({ headers: sessionHeaders(response.headers) });
    if (found) await markEmailConfirmed(database.db, found.user.id);
    return c.json({ ok: true });
  })
  .post('/sign-out', allow('public'), async (c) => {
    const { auth, database } = c.get('deps');
    const current = await currentSession(c);
    const { headers } = await auth.api
      .signOut({ headers: c.req.raw.headers, returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    // 'Abmelden' ends every session of the user, on every device (the spec's global scope).
    if (current) await database.db.delete(sessionTable).where(eq(sessionTable.userId, current.user.id));
    copyCookies(c, headers);
    return c.json({ ok: true });
  });

/** Request headers carrying the cookies a response just set, to read the new session. */
function sessionHeaders(responseHeaders: Headers): Headers {
  const cookie = responseHeaders
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}

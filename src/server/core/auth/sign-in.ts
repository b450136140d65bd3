import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { session as sessionTable } from '../../db/schema';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import type { Auth } from './auth';
import { markEmailConfirmed } from './mark-email-confirmed';
import { enforceRateLimits, type RateLimitRule } from './rate-limit';
import { rememberUsedMagicLink, wasMagicLinkUsed } from './used-magic-links';

// The sign-in use cases over better-auth's server API (auth.ts): our rate limits first, then better-auth, its
// errors as German AppErrors. Session cookies come back as the Set-Cookie headers better-auth answered with,
// for the route to pass on (docs/product/accounts-and-consent.md#sign-in).

// auth stands below use-case-deps.ts, which names its Auth, so the sign-in use cases spell the services they
// take: the fields of UseCaseDeps of those names (docs/decisions/051-layers-inside-core.md).
interface SignInDeps {
  database: { db: Db };
  auth: Auth;
  config: Config;
}

/** What the browser sent: better-auth reads its cookies and origin. */
interface FromClient {
  clientIp: string;
  headers: Headers;
}

/** Receives the session cookies as soon as better-auth made the session, so a later failure keeps them. */
type SetCookies = (headers: Headers) => void;

// Sending: one mail per address per minute (the client's resend countdown; AUTH_CODE_INTERVAL_SECONDS, so
// browser tests need not wait a real minute), five per hour, and at most thirty per client (an office behind
// one address; AUTH_CLIENT_LIMIT) in ten minutes. Verifying: thirty tries per client in ten minutes, on top of
// better-auth's five wrong tries per code (docs/product/accounts-and-consent.md#sign-in-rate-limits).
type Limits = Pick<Config, 'authCodeIntervalSeconds' | 'authClientLimit'>;
const sendLimits = (kind: string, email: string, ip: string, config: Limits): RateLimitRule[] => [
  { key: `${kind}:email-minute:${email}`, max: 1, windowSeconds: config.authCodeIntervalSeconds },
  { key: `${kind}:email-hour:${email}`, max: 5, windowSeconds: 3600 },
  { key: `${kind}:client:${ip}`, max: config.authClientLimit, windowSeconds: 600 },
];
const verifyLimits = (ip: string, config: Limits): RateLimitRule[] => [
  { key: `verify:client:${ip}`, max: config.authClientLimit, windowSeconds: 600 },
];

/** Mails a sign-in code. The answer is the same whether or not an account exists (no enumeration). */
export async function sendSignInCode(deps: SignInDeps, input: FromClient & { email: string }): Promise<void> {
  const { database, auth, config } = deps;
  const { email, clientIp, headers } = input;
  await enforceRateLimits(database.db, sendLimits('code', email, clientIp, config));
  await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers });
}

/** Signs in with the mailed code, which also confirms the address. */
export async function verifySignInCode(
  deps: SignInDeps,
  input: FromClient & { email: string; code: string; setCookies: SetCookies },
): Promise<void> {
  const { database, auth } = deps;
  const { email, code, clientIp, headers } = input;
  await enforceRateLimits(database.db, verifyLimits(clientIp, deps.config));
  try {
    const signedIn = await auth.api.signInEmailOTP({
      body: { email, otp: code },
      headers,
      returnHeaders: true,
    });
    await markEmailConfirmed(database.db, signedIn.response.user.id);
    input.setCookies(signedIn.headers);
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
}

/** Mails a magic link ('Lieber einen Anmeldelink per E-Mail'), limited like the codes. */
export async function sendMagicLink(deps: SignInDeps, input: FromClient & { email: string }): Promise<void> {
  const { database, auth, config } = deps;
  const { email, clientIp, headers } = input;
  await enforceRateLimits(database.db, sendLimits('link', email, clientIp, config));
  await auth.api.signInMagicLink({ body: { email }, headers });
}

/** Signs in with a magic link's token, which also confirms the address; a used link says so. */
export async function verifyMagicLink(
  deps: SignInDeps,
  input: FromClient & { token: string; setCookies: SetCookies },
): Promise<void> {
  const { database, auth } = deps;
  const { token, clientIp, headers } = input;
  await enforceRateLimits(database.db, verifyLimits(clientIp, deps.config));
  const response = await auth.api.magicLinkVerify({
    query: { token, callbackURL: '/' },
    headers,
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
  input.setCookies(response.headers);
  const found = await auth.api.getSession({ headers: sessionHeaders(response.headers) });
  if (found) await markEmailConfirmed(database.db, found.user.id);
}

/**
 * 'Abmelden' ends every session of the user, on every device (docs/product/accounts-and-consent.md#sessions).
 * Answers better-auth's headers, which clear the cookie.
 */
export async function signOut(
  deps: Pick<SignInDeps, 'database' | 'auth'>,
  input: { userId: string | null; headers: Headers },
): Promise<Headers> {
  const { database, auth } = deps;
  const { headers } = await auth.api
    .signOut({ headers: input.headers, returnHeaders: true })
    .catch(() => ({ headers: new Headers() }));
  if (input.userId) await database.db.delete(sessionTable).where(eq(sessionTable.userId, input.userId));
  return headers;
}

/** Request headers carrying the cookies a response just set, to read the new session. */
function sessionHeaders(responseHeaders: Headers): Headers {
  const cookie = responseHeaders
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, magicLink } from 'better-auth/plugins';
import type { Db } from '../../db/types';
import { account, session, user, verification } from '../../db/schema';
import { ensureProfile } from './ensure-profile';

export const CODE_MINUTES_VALID = 10;
export const MAGIC_LINK_MINUTES_VALID = 15;
export const MAX_CODE_ATTEMPTS = 5;
/** Idle expiry: a session unused for 7 days ends; it is extended at most once a day while in use. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** While in use, the idle expiry is moved on at most once in this time (better-auth's `updateAge`). */
export const SESSION_REFRESH_SECONDS = 24 * 3600;
/** Absolute expiry: no session lives longer than 30 days, however active (checked in find-session.ts). */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
export const SESSION_COOKIE_PREFIX = 'ts';
/** better-auth's session cookie; on https it carries the `__Secure-` prefix and the Secure flag. */
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;
export const SESSION_COOKIE_ATTRIBUTES = { httpOnly: true, sameSite: 'Lax', path: '/' } as const;
export const usesSecureCookies = (publicUrl: string) => publicUrl.startsWith('https://');

export interface AuthMailer {
  sendSignInCode(email: string, code: string): Promise<void>;
  sendMagicLink(email: string, token: string): Promise<void>;
}

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: AuthMailer;
}

/**
 * better-auth does the cryptographic work (random codes stored hashed, attempt counting, single-use
 * magic-link tokens, session rows and signed cookies). Our sign-in use cases (sign-in.ts) call its server
 * API with our rate limits and German messages, behind the routes of http/routes/auth.ts and their CSRF
 * check; its own handler is never exposed.
 */
export function createAuth({ db, secret, publicUrl, mailer }: AuthOptions) {
  return betterAuth({
    appName: 'Ticketshop',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: { enabled: false },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    rateLimit: { enabled: false }, // our own limits, in the database (rate-limit.ts)
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: usesSecureCookies(publicUrl),
      defaultCookieAttributes: SESSION_COOKIE_ATTRIBUTES,
      // better-auth would store X-Forwarded-For, which any client can send, as the session's IP; we never
      // read it, and client addresses are resolved in one place only (http/client-ip.ts, docs/decisions/016).
      ipAddress: { disableIpTracking: true },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await ensureProfile(db, { id: created.id, email: created.email, name: created.name });
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_MINUTES_VALID * 60,
        allowedAttempts: MAX_CODE_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === 'sign-in') await mailer.sendSignInCode(email, otp);
        },
      }),
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES_VALID * 60,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }) => mailer.sendMagicLink(email, token),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

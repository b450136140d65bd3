import { z } from 'zod';

export const ROLES = ['attendee', 'organizer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What GET /api/session tells the client about the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  displayName: string | null;
  phone: string | null;
  role: Role;
  avatarUrl: string | null;
  emailConfirmed: boolean;
  hasDsgvoConsent: boolean;
  onboardingCompletedAt: string | null;
}

export interface SessionState {
  user: SessionUser | null;
}

// spec visitor §5 'Login e-mail required'; the field is of type e-mail.
export const emailSchema = z
  .string({ error: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .toLowerCase()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(254, 'Bitte gib eine gültige E-Mail-Adresse ein.')
  .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein.'));

export const sendCodeSchema = z.object({ email: emailSchema });

// spec visitor §5 'One-time code: exactly 6 digits, numeric'.
export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, 'Der Code besteht aus genau 6 Ziffern.'),
});

/** Where to go after sign-in: only our own paths, never /login or /auth (spec visitor §4 'Code sign-in'). */
export function safeRedirectTarget(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return fallback;
  if (target.includes('\\')) return fallback;
  if (/^\/(login|auth)(\/|\?|#|$)/.test(target)) return fallback;
  return target;
}

export const sendMagicLinkSchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(500).optional(),
});

export const verifyMagicLinkSchema = z.object({ token: z.string().min(16).max(200) });

/** spec visitor §4 'Forced onboarding' and §5: a profile is incomplete when full name or phone is blank. */
export function isProfileIncomplete(user: Pick<SessionUser, 'fullName' | 'phone'> | null): boolean {
  return !user || !user.fullName?.trim() || !user.phone?.trim();
}

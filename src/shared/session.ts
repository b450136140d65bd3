export const ROLES = ['attendee', 'organizer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who a user is: id, address, names, phone and role, as the session and the admin's user list show them. */
export interface UserIdentity {
  id: string;
  email: string;
  fullName: string | null;
  displayName: string | null;
  phone: string | null;
  role: Role;
}

/** What GET /api/session tells the client about the signed-in user. */
export interface SessionUser extends UserIdentity {
  avatarUrl: string | null;
  emailConfirmed: boolean;
  hasDsgvoConsent: boolean;
  onboardingCompletedAt: string | null;
}

export interface SessionState {
  user: SessionUser | null;
}

/**
 * Where to go after sign-in: only our own paths, never /login or /auth
 * (docs/product/accounts-and-consent.md#safe-redirect).
 */
export function safeRedirectTarget(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return fallback;
  if (target.includes('\\')) return fallback;
  if (/^\/(login|auth)(\/|\?|#|$)/.test(target)) return fallback;
  return target;
}

/**
 * A profile is incomplete when full name or phone is blank
 * (docs/product/accounts-and-consent.md#profile-complete).
 */
export function isProfileIncomplete(user: Pick<SessionUser, 'fullName' | 'phone'> | null): boolean {
  return !user || !user.fullName?.trim() || !user.phone?.trim();
}

import type { ConsentPurpose } from './consent-texts';
import type { Role, SessionUser } from './session';

// The messages of onboarding and the profile (docs/product/accounts-and-consent.md#profile-role-fields).
export const PROFILE_MESSAGES = {
  required: 'Bitte Name, E-Mail und Telefonnummer ausfüllen.',
  email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
  onboarding: 'Bitte fülle Name und Telefonnummer aus und stimme der DSGVO-Einwilligung zu.',
  // Length and format limits of the fields.
  nameTooLong: 'Der Name darf höchstens 200 Zeichen lang sein.',
  phoneTooLong: 'Die Telefonnummer darf höchstens 50 Zeichen lang sein.',
  displayNameTooLong: 'Der Anzeigename darf höchstens 100 Zeichen lang sein.',
  website: 'Bitte eine gültige Website-Adresse eingeben (beginnend mit http:// oder https://).',
  bioTooLong: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein.',
  extendedOnly: 'Anzeigename, Website und Bio können nur Veranstalter und Admins bearbeiten.',
} as const;

export const BIO_MAX_LENGTH = 2000;

/**
 * No whitespace, exactly one at sign, a dot in the domain
 * (docs/product/accounts-and-consent.md#email-format).
 */
export function isSimpleEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/**
 * E-mail addresses are compared case-insensitively and trimmed
 * (docs/product/accounts-and-consent.md#email-format).
 */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The name a form starts with. A new profile stores the part of the e-mail before the at sign as its
 * full name; that stand-in is shown as an empty field, so nobody books as 'anna.berg' without noticing
 * (docs/product/accounts-and-consent.md#stand-in-name).
 */
export function givenFullName(user: Pick<SessionUser, 'email' | 'fullName'> | null): string {
  const name = user?.fullName ?? '';
  return user && name === user.email.trim().toLowerCase().split('@')[0] ? '' : name;
}

/**
 * Admins and organizers have the extended profile (docs/product/accounts-and-consent.md#profile-role-fields).
 */
export const hasExtendedProfile = (role: Role) => role === 'admin' || role === 'organizer';

// The zod schemas of the profile's requests, their types and the role's rules for an update are in
// profile-schemas.ts: pages that only need the texts stay without zod (decision 043).

export interface ConsentState {
  granted: boolean;
  version: string;
  givenAt: string;
  revokedAt: string | null;
}

/** GET /api/profile: the session's view of the user plus the rest of the own profile. */
export interface ProfileDetails extends SessionUser {
  website: string | null;
  bio: string | null;
  portraitUrl: string | null;
  /** user_notification_preferences.global_marketing_enabled */
  newsletter: boolean;
  /** A requested, not yet confirmed new address. */
  pendingEmail: string | null;
  consents: Record<ConsentPurpose, ConsentState | null>;
  updatedAt: string;
}

export interface EmailChangeAnswer {
  ok: true;
  /** false when the address is the current one: nothing to confirm. */
  pending: boolean;
}

export interface EmailChangeConfirmAnswer {
  ok: true;
  email: string;
}

export interface ImageUploadAnswer {
  url: string;
  profile: ProfileDetails;
}

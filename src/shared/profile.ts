import { z } from 'zod';
import { CONSENT_PURPOSES, type ConsentPurpose } from './consent-texts';
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

const name = z.string({ error: PROFILE_MESSAGES.required }).trim().max(200, PROFILE_MESSAGES.nameTooLong);
const phone = z.string({ error: PROFILE_MESSAGES.required }).trim().max(50, PROFILE_MESSAGES.phoneTooLong);

/**
 * PATCH /api/profile: only the fields sent change. The role decides what is allowed
 * (`profileUpdateProblem`); e-mail changes go through POST /api/profile/email-change.
 */
export const profileUpdateSchema = z.object({
  fullName: name.optional(),
  phone: phone.optional(),
  displayName: z.string().trim().max(100, PROFILE_MESSAGES.displayNameTooLong).optional(),
  website: z
    .string()
    .trim()
    .max(500, PROFILE_MESSAGES.website)
    .refine((value) => value === '' || isHttpUrl(value), PROFILE_MESSAGES.website)
    .optional(),
  bio: z.string().trim().max(BIO_MAX_LENGTH, PROFILE_MESSAGES.bioTooLong).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * The rules that depend on the role: ordinary users may not blank name or phone, and only admins and
 * organizers have display name, website and bio (docs/product/accounts-and-consent.md#profile-role-fields).
 */
export function profileUpdateProblem(
  role: Role,
  update: ProfileUpdate,
): { status: 'forbidden' | 'invalid'; message: string } | null {
  if (hasExtendedProfile(role)) return null;
  const extended = [update.displayName, update.website, update.bio].some((value) => value !== undefined);
  if (extended) return { status: 'forbidden', message: PROFILE_MESSAGES.extendedOnly };
  if (update.fullName === '' || update.phone === '') {
    return { status: 'invalid', message: PROFILE_MESSAGES.required };
  }
  return null;
}

/**
 * POST /api/profile/onboarding (docs/product/accounts-and-consent.md#onboarding-writes). Every failure has
 * the one message.
 */
export const onboardingSchema = z.object({
  fullName: z
    .string({ error: PROFILE_MESSAGES.onboarding })
    .trim()
    .min(1, PROFILE_MESSAGES.onboarding)
    .max(200, PROFILE_MESSAGES.nameTooLong),
  phone: z
    .string({ error: PROFILE_MESSAGES.onboarding })
    .trim()
    .min(1, PROFILE_MESSAGES.onboarding)
    .max(50, PROFILE_MESSAGES.phoneTooLong),
  dsgvo: z.literal(true, { error: PROFILE_MESSAGES.onboarding }),
  newsletter: z.boolean().optional().default(false),
});
export type OnboardingInput = z.input<typeof onboardingSchema>;

/** PUT /api/profile/consents/:purpose */
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES, { error: 'Unbekannte Einwilligung.' });
export const consentChangeSchema = z.object({
  granted: z.boolean({ error: 'Bitte angeben, ob die Einwilligung erteilt wird.' }),
});

/** POST /api/profile/email-change */
export const emailChangeSchema = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.required })
    .trim()
    .min(1, PROFILE_MESSAGES.required)
    .refine(isSimpleEmail, PROFILE_MESSAGES.email),
});

/** POST /api/profile/email-change/confirm: the `change` parameter of the link in the mail. */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: 'Der Bestätigungslink ist ungültig.' })
    .trim()
    .min(1, 'Der Bestätigungslink ist ungültig.')
    .max(300, 'Der Bestätigungslink ist ungültig.'),
});

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

// The zod schemas of the profile's requests (the server parses with them; the profile and onboarding pages
// check with them on the page). Apart from profile.ts so that its texts and rules come without zod (decision 043).
import { z } from 'zod';
import { CONSENT_PURPOSES } from './consent-texts';
import { BIO_MAX_LENGTH, hasExtendedProfile, isHttpUrl, isSimpleEmail, PROFILE_MESSAGES } from './profile';
import type { Role } from './session';

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

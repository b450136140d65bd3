import { z } from 'zod';

// The newsletter sign-up, one definition for the form and the server
// (docs/architecture.md#layers-and-folders). The plain constants and `newsletterEmailError` below need no
// zod: the footer form is on every page's first download and uses only them. Each zod schema is built inside
// a pure-annotated function call, so a bundle that imports just the constants drops the schemas and with them
// zod (a pure mark on a plain `z.object({...})` would not do: its arguments would still be evaluated and
// kept).

/** Where a sign-up came from (docs/product/accounts-and-consent.md#newsletter-form). */
export const NEWSLETTER_SOURCES = ['empty_state', 'footer', 'sticky', 'inline'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * The consent the person gives by sending the form, stored with version, text and time
 * (docs/product/accounts-and-consent.md#consent-recorded). Shown
 * word for word under every form; a new wording needs a new version, so older rows keep what they agreed to.
 */
export const NEWSLETTER_CONSENT_TEXT =
  'Ja, ich möchte per E-Mail über neue Veranstaltungen informiert werden. Abmeldung jederzeit möglich.';
export const NEWSLETTER_CONSENT_VERSION = 'v1';

/** The texts of the form (docs/product/accounts-and-consent.md#newsletter-form). */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Bitte gib deine Email-Adresse ein',
  emailInvalid: 'Bitte gib eine gültige Email-Adresse ein',
  sourceInvalid: 'Unbekannte Herkunft der Anmeldung.',
  success: 'Fast geschafft! Bitte bestätige deine Email. 📧',
  alreadySubscribed: 'Du bist bereits angemeldet! 🎉',
  failed: 'Ein Fehler ist aufgetreten. Bitte versuche es später erneut.',
  /** The note under the form. */
  note: 'Keine Werbung · Jederzeit abmeldbar',
} as const;

/** No whitespace, one at sign, a dot in the domain (docs/product/accounts-and-consent.md#email-format). */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

/** Trimmed and lowercased, as it is stored (docs/product/accounts-and-consent.md#email-format). */
export const normalizeNewsletterEmail = (value: string) => value.trim().toLowerCase();

/** The form's check without zod: the German message, or null when the address is fine. */
export function newsletterEmailError(value: string): string | null {
  const email = normalizeNewsletterEmail(value);
  if (!email) return NEWSLETTER_MESSAGES.emailRequired;
  if (email.length > MAX_EMAIL_LENGTH || !NEWSLETTER_EMAIL_PATTERN.test(email)) {
    return NEWSLETTER_MESSAGES.emailInvalid;
  }
  return null;
}

export const newsletterEmailSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: NEWSLETTER_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, NEWSLETTER_MESSAGES.emailRequired)
    .max(MAX_EMAIL_LENGTH, NEWSLETTER_MESSAGES.emailInvalid)
    .regex(NEWSLETTER_EMAIL_PATTERN, NEWSLETTER_MESSAGES.emailInvalid))();

/** Extra facts the client may send (e.g. the page); small flat values only. */
const metadataSchema = /* @__PURE__ */ (() =>
  z
    .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 10, 'Zu viele Zusatzangaben.'))();

/**
 * POST /api/newsletter/subscribe: email, source, metadata
 * (docs/product/accounts-and-consent.md#newsletter-double-opt-in).
 */
export const subscribeNewsletterSchema = /* @__PURE__ */ (() =>
  z.object({
    email: newsletterEmailSchema,
    source: z.enum(NEWSLETTER_SOURCES, { error: NEWSLETTER_MESSAGES.sourceInvalid }),
    metadata: metadataSchema.optional(),
  }))();

/** POST /api/newsletter/confirm and /unsubscribe: the token from the mail's link. */
export const newsletterTokenSchema = /* @__PURE__ */ (() =>
  z.object({
    token: z
      .string({ error: 'Der Link ist unvollständig.' })
      .trim()
      .min(1, 'Der Link ist unvollständig.')
      .max(200, 'Der Link ist ungültig.'),
  }))();

export interface SubscribeNewsletterResponse {
  ok: true;
  /** The address is confirmed already, no mail was sent. */
  alreadySubscribed: boolean;
}

/** The query parameters of the mails' links; not `token`/`code`, which the client treats as a magic link. */
export const NEWSLETTER_LINK_PARAMS = { confirm: 'confirm', unsubscribe: 'unsubscribe' } as const;

/** Local storage keys; the footer block reads them (docs/product/accounts-and-consent.md#newsletter-form). */
export const NEWSLETTER_STORAGE_KEYS = {
  dismissed: 'newsletter-dismissed',
  subscribed: 'newsletter-subscribed',
} as const;

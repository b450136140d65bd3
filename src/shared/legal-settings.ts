import { z } from 'zod';
import {
  ACCESSIBILITY_LABELS,
  AUTHORITY_MAX_CHARS,
  AUTHORITY_MAX_LINES,
  CONFORMITY_KEYS,
  isStatementDay,
  KNOWN_GAPS_MAX_CHARS,
  KNOWN_GAPS_MAX_LINES,
  textLines,
} from './accessibility';
import { LEGAL_FORM_KEYS, OPERATOR_FIELD_LABELS, type OperatorField } from './operator-data';
import { isClientRoute } from './routes';
import type { AppSettings } from './settings';

// PUT /api/admin/settings/legal, card 'Rechtliches & Betreiber' (docs/decisions/021): the operator's data,
// the three legal URLs, the support e-mail (docs/product/admin.md#operator-card) and the operator's part of the
// accessibility statement (docs/product/admin.md#accessibility-statement, decision 047). Every field may be
// saved empty except the support e-mail; the
// dashboard names the required ones still missing (operator-data.ts). Formats are checked when given.

/** Names of the card's fields that are not operator data. */
export const LEGAL_LINK_LABELS = {
  imprintUrl: 'Impressum',
  privacyUrl: 'Datenschutzerklärung',
  termsUrl: 'AGB',
  supportEmail: 'Support-E-Mail',
} as const;

/** Line breaks, tabs and other control characters (Unicode category Cc). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** One line of text: trimmed, at most `max` characters, no line breaks. */
function line(field: OperatorField, max: number) {
  const label = OPERATOR_FIELD_LABELS[field];
  return z
    .string({ error: `${label}: bitte als Text angeben.` })
    .trim()
    .max(max, `${label}: höchstens ${max} Zeichen.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label}: bitte in einer Zeile, ohne Tabulatoren.`);
}

/** Empty, or a value matching `pattern` (after `normalise`). */
function formatted(
  field: OperatorField,
  max: number,
  check: (value: string) => boolean,
  message: string,
  normalise: (value: string) => string = (value) => value,
) {
  return line(field, max)
    .transform(normalise)
    .refine((value) => value === '' || check(value), message);
}

const optionalEmail = (label: string) =>
  z
    .string({ error: `${label}: bitte als Text angeben.` })
    .trim()
    .refine(
      (value) => value === '' || z.email().max(254).safeParse(value).success,
      `${label}: bitte eine gültige E-Mail-Adresse eingeben.`,
    );

const digits = (value: string) => value.replace(/\D/g, '').length;

/**
 * Text of several lines (the statement's known gaps, the authority's address): Windows line ends become \n, each
 * line is trimmed and empty lines dropped; no other control character, at most `maxLines` lines and `max`
 * characters.
 */
function lines(label: string, maxLines: number, max: number) {
  return z
    .string({ error: `${label}: bitte als Text angeben.` })
    .transform((value) => textLines(value.replace(/\r\n?/g, '\n')).join('\n'))
    .refine(
      (value) => !/[^\P{Cc}\n]/u.test(value),
      `${label}: bitte ohne Tabulatoren und Steuerzeichen, eine Angabe je Zeile.`,
    )
    .refine((value) => value.length <= max, `${label}: höchstens ${max} Zeichen.`)
    .refine((value) => textLines(value).length <= maxLines, `${label}: höchstens ${maxLines} Zeilen.`);
}

/** A path of this shop (e.g. /impressum) or an https address elsewhere; empty means the default path. */
function legalUrl(label: string) {
  return z
    .string({ error: `${label}: bitte als Text angeben.` })
    .trim()
    .max(500, `${label}: höchstens 500 Zeichen.`)
    .refine(
      (value) => value === '' || isShopPath(value) || isHttpsUrl(value),
      `${label}: bitte einen Pfad dieser Seite (z. B. /impressum) oder eine https-Adresse angeben.`,
    );
}
const isShopPath = (value: string) => /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(value) && isClientRoute(value);
function isHttpsUrl(value: string): boolean {
  if (!value.startsWith('https://')) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
}

const SUPPORT_EMAIL_MESSAGE = `${LEGAL_LINK_LABELS.supportEmail}: bitte eine gültige E-Mail-Adresse eingeben.`;

const legalSettingsFields = z.object(
  {
    name: line('name', 200),
    legalForm: z.union([z.literal(''), z.enum(LEGAL_FORM_KEYS)], {
      error: 'Rechtsform: bitte eine der angebotenen Rechtsformen wählen.',
    }),
    representatives: line('representatives', 300),
    street: line('street', 200),
    postalCode: formatted(
      'postalCode',
      5,
      (value) => /^\d{5}$/.test(value),
      'PLZ: bitte fünf Ziffern eingeben.',
    ),
    city: line('city', 100),
    email: optionalEmail(OPERATOR_FIELD_LABELS.email),
    phone: formatted(
      'phone',
      30,
      (value) => /^\+?[0-9 ()/-]+$/.test(value) && digits(value) >= 6,
      'Telefonnummer: bitte nur Ziffern, Leerzeichen und + ( ) / - verwenden, z. B. +49 40 123456.',
    ),
    registerCourt: line('registerCourt', 100),
    registerNumber: formatted(
      'registerNumber',
      40,
      (value) => /^[A-Za-z0-9 .-]+$/.test(value) && digits(value) >= 1,
      'Registernummer: bitte mit Registerart angeben, z. B. HRB 12345.',
    ),
    vatId: formatted(
      'vatId',
      20,
      (value) => /^DE\d{9}$/.test(value),
      'USt-IdNr.: bitte DE und 9 Ziffern eingeben, z. B. DE123456789.',
      (value) => value.replace(/\s/g, '').toUpperCase(),
    ),
    taxNumber: formatted(
      'taxNumber',
      20,
      (value) => /^[0-9][0-9 /]*[0-9]$/.test(value) && digits(value) >= 10 && digits(value) <= 13,
      'Steuernummer: bitte 10 bis 13 Ziffern eingeben, z. B. 12/345/67890.',
    ),
    supervisoryAuthority: line('supervisoryAuthority', 300),
    contentResponsible: line('contentResponsible', 200),
    privacyEmail: optionalEmail(OPERATOR_FIELD_LABELS.privacyEmail),
    privacyOfficer: line('privacyOfficer', 300),
    imprintUrl: legalUrl(LEGAL_LINK_LABELS.imprintUrl),
    privacyUrl: legalUrl(LEGAL_LINK_LABELS.privacyUrl),
    termsUrl: legalUrl(LEGAL_LINK_LABELS.termsUrl),
    supportEmail: z
      .string({ error: SUPPORT_EMAIL_MESSAGE })
      .trim()
      .pipe(z.email(SUPPORT_EMAIL_MESSAGE).max(254, SUPPORT_EMAIL_MESSAGE)),
    accessibilityConformity: z.union([z.literal(''), z.enum(CONFORMITY_KEYS)], {
      error: `${ACCESSIBILITY_LABELS.accessibilityConformity}: bitte eine der angebotenen Stufen wählen.`,
    }),
    accessibilityKnownGaps: lines(
      ACCESSIBILITY_LABELS.accessibilityKnownGaps,
      KNOWN_GAPS_MAX_LINES,
      KNOWN_GAPS_MAX_CHARS,
    ),
    accessibilityContactEmail: optionalEmail(ACCESSIBILITY_LABELS.accessibilityContactEmail),
    accessibilityAuthority: lines(
      ACCESSIBILITY_LABELS.accessibilityAuthority,
      AUTHORITY_MAX_LINES,
      AUTHORITY_MAX_CHARS,
    ),
    accessibilityReviewedOn: z
      .string({ error: `${ACCESSIBILITY_LABELS.accessibilityReviewedOn}: bitte als Datum angeben.` })
      .trim()
      .refine(
        (value) => value === '' || isStatementDay(value),
        `${ACCESSIBILITY_LABELS.accessibilityReviewedOn}: bitte ein gültiges Datum wählen.`,
      ),
  },
  { error: 'Bitte die Angaben als JSON-Objekt senden.' },
);

/** The card's fields; a statement of full conformity that lists gaps contradicts itself (decision 047). */
export const legalSettingsSchema = legalSettingsFields.refine(
  (input) => input.accessibilityConformity !== 'full' || input.accessibilityKnownGaps === '',
  {
    path: ['accessibilityKnownGaps'],
    message: `${ACCESSIBILITY_LABELS.accessibilityKnownGaps}: bei „vollständig konform“ bitte keine eintragen – oder „teilweise konform“ wählen.`,
  },
);
export type LegalSettings = z.infer<typeof legalSettingsSchema>;
export type LegalSettingsField = keyof LegalSettings;

export const LEGAL_SETTINGS_LABELS: Record<LegalSettingsField, string> = {
  ...OPERATOR_FIELD_LABELS,
  ...LEGAL_LINK_LABELS,
  ...ACCESSIBILITY_LABELS,
};

/** The card's values from the stored settings. */
export function legalSettingsOf(settings: AppSettings): LegalSettings {
  const { accessibility } = settings;
  return {
    ...settings.operator,
    legalForm: settings.operator.legalForm as LegalSettings['legalForm'],
    ...settings.legal,
    supportEmail: settings.supportEmail,
    accessibilityConformity: (CONFORMITY_KEYS as string[]).includes(accessibility.conformity)
      ? (accessibility.conformity as LegalSettings['accessibilityConformity'])
      : '',
    accessibilityKnownGaps: accessibility.knownGaps,
    accessibilityContactEmail: accessibility.contactEmail,
    accessibilityAuthority: accessibility.authority,
    accessibilityReviewedOn: accessibility.reviewedOn,
  };
}

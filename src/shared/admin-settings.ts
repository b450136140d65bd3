import { z } from 'zod';
import { isTimeZone } from './event-rules';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { BANK_TRANSFER_MESSAGES } from './bank-transfer';
import { CSV_DATE_FORMATS, CSV_MESSAGES } from './bank-statements';
import { TAX_MODES } from './invoices';
import type { AppSettings } from './settings';

// The settings cards of the back office (docs/product/admin.md#settings).

export const SETTINGS_MESSAGES = {
  logoSaved: 'Logo gespeichert',
  logoFailed: 'Unbekannter Fehler beim Speichern des Logos',
  uploadFailed: 'Fehler beim Hochladen',
  secretsSaved: 'Server-Secrets gespeichert',
  secretsFailed: 'Fehler beim Speichern der Server-Secrets',
  sessionFailed: 'Fehler beim Laden der Session',
  // ours
  saved: 'Einstellungen gespeichert',
  saveFailed: 'Einstellungen konnten nicht gespeichert werden.',
  noSecret: 'Bitte mindestens ein Secret eingeben.',
} as const;

/** Logo limits and texts (docs/product/admin.md#logos-checked). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = 'Datei zu groß. Maximal 5 MB.';
export const LOGO_TYPE_MESSAGE = 'Ungültiger Dateityp. Erlaubt: PNG, SVG, WebP, JPEG.';
export const LOGO_SESSION_MESSAGE = 'Keine aktive Session gefunden. Bitte erneut anmelden.';
export const LOGO_MIME_TYPES = ['image/png', 'image/svg+xml', 'image/webp', 'image/jpeg'] as const;
export const LOGO_VARIANTS = ['light', 'dark'] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

/** The client's pre-check by declared type and size; the server checks again by content. */
export function logoFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE_MESSAGE;
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  return null;
}

/** PUT /api/admin/settings/general ('Allgemeine Einstellungen'; the support e-mail: legal-settings.ts). */
export const generalSettingsSchema = z.object({
  onboardingEnabled: z.boolean({ error: 'Bitte angeben, ob das Onboarding aktiv ist.' }),
  timezone: z.string({ error: 'Unbekannte Zeitzone.' }).trim().refine(isTimeZone, 'Unbekannte Zeitzone.'),
  siteName: z
    .string({ error: 'Bitte einen Seitennamen angeben.' })
    .trim()
    .min(1, 'Bitte einen Seitennamen angeben.')
    .max(100, 'Der Seitenname darf höchstens 100 Zeichen lang sein.'),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** The mail signature's limit (card 'Automatische E-Mails'). */
export const MAIL_SIGNATURE_MAX_LENGTH = 1000;
export const MAIL_SIGNATURE_MESSAGE = 'Die Signatur darf höchstens 1.000 Zeichen lang sein.';

/**
 * PUT /api/admin/settings/mail-signature: the signature under rule mails and messages, several lines; ''
 * removes it. Line ends are saved as \n, surrounding blank space is dropped.
 */
export const mailSignatureSchema = z.object({
  text: z
    .string({ error: 'Bitte die Signatur als Text angeben.' })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAIL_SIGNATURE_MAX_LENGTH, MAIL_SIGNATURE_MESSAGE)),
});
export type MailSignatureInput = z.input<typeof mailSignatureSchema>;

const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]+$/;

/** PUT /api/admin/settings/integrations: the publishable key is public (it goes to every browser). */
export const integrationSettingsSchema = z.object({
  stripePublishableKey: z
    .string()
    .trim()
    .max(300)
    .refine(
      (value) => value === '' || PUBLISHABLE_KEY.test(value),
      'Der Publishable Key beginnt mit pk_test_ oder pk_live_.',
    ),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

/**
 * PUT /api/admin/settings/secrets (docs/product/admin.md#secrets-encrypted). Only non-empty fields count
 * (an empty field means "leave as it is"); the values are write-only.
 */
export const secretsSchema = z.object({
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(value),
      'Der Secret Key beginnt mit sk_test_, sk_live_, rk_test_ oder rk_live_.',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || /^whsec_[A-Za-z0-9_]+$/.test(value),
      'Das Webhook-Secret beginnt mit whsec_.',
    )
    .optional(),
});
export type SecretsInput = z.infer<typeof secretsSchema>;
export const SECRET_FIELDS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Which secrets are stored; never their values. */
export type SecretsStatus = Record<
  'stripeSecretKey' | 'stripeWebhookSecret',
  { set: boolean; updatedAt: string | null }
>;

/** GET /api/admin/settings */
export interface AdminSettings {
  settings: AppSettings;
  secrets: SecretsStatus;
}

/** GET /api/admin/settings/status: which providers this server uses (replaces the hosted-backend fields). */
export interface IntegrationStatus {
  production: boolean;
  mail: { provider: 'smtp' | 'devbox' };
  payments: {
    provider: 'stripe' | 'test' | 'none';
    /** Where the Stripe secret key comes from: the admin settings win over the environment. */
    secretKeySource: 'settings' | 'env' | null;
    publishableKeySource: 'settings' | 'env' | null;
    webhookSecretSource: 'settings' | 'env' | null;
    /** Paid events can be booked with this configuration. */
    paidBookingsPossible: boolean;
  };
}

/** PUT /api/admin/settings/invoicing (card 'Rechnungen', docs/product/invoices.md#settings). */
export const invoiceSettingsSchema = z.object({
  taxMode: z.enum(TAX_MODES, { error: 'Bitte eine steuerliche Behandlung wählen.' }),
  numberPrefix: z
    .string({ error: 'Bitte ein Präfix angeben.' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'Das Präfix darf 1 bis 10 Buchstaben oder Ziffern haben.' }),
});
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsSchema>;

/** PUT /api/admin/settings/bank-transfer (card 'Überweisung (Vorkasse)', docs/product/bank-transfer.md#settings). */
export const bankTransferSettingsSchema = z
  .object({
    enabled: z.boolean(),
    accountHolder: z.string().trim().max(70, BANK_TRANSFER_MESSAGES.accountHolder),
    iban: z.string().transform((value) => value.replace(/\s+/g, '').toUpperCase()),
    bic: z.string().transform((value) => value.replace(/\s+/g, '').toUpperCase()),
    minDaysBeforeStart: z
      .number(BANK_TRANSFER_MESSAGES.minDays)
      .int(BANK_TRANSFER_MESSAGES.minDays)
      .min(8, BANK_TRANSFER_MESSAGES.minDays)
      .max(365, BANK_TRANSFER_MESSAGES.minDays),
  })
  .superRefine((value, ctx) => {
    // empty is allowed while switched off; switched on, holder and IBAN are needed
    if (value.iban !== '' || value.enabled) {
      if (!isValidIBAN(value.iban))
        ctx.addIssue({ code: 'custom', path: ['iban'], message: BANK_TRANSFER_MESSAGES.iban });
    }
    if (value.bic !== '' && !isValidBIC(value.bic)) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: BANK_TRANSFER_MESSAGES.bic });
    }
    if (value.enabled && value.accountHolder === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['accountHolder'],
        message: BANK_TRANSFER_MESSAGES.accountHolder,
      });
    }
  });
export type BankTransferSettingsInput = z.input<typeof bankTransferSettingsSchema>;

const csvColumn = z
  .string(CSV_MESSAGES.column)
  .trim()
  .min(1, CSV_MESSAGES.column)
  .max(100, CSV_MESSAGES.column);

/** PUT /api/admin/bank-statements/csv-mappings: the saved column mappings, one per bank (docs/product/bank-transfer.md#csv). */
export const csvMappingsSchema = z
  .object({
    mappings: z
      .array(
        z.object({
          name: z.string(CSV_MESSAGES.name).trim().min(1, CSV_MESSAGES.name).max(60, CSV_MESSAGES.name),
          delimiter: z.enum([';', ',', '\t']),
          dateColumn: csvColumn,
          dateFormat: z.enum(CSV_DATE_FORMATS),
          amountColumn: csvColumn,
          decimalComma: z.boolean(),
          nameColumn: csvColumn,
          ibanColumn: z.string().trim().max(100).default(''),
          textColumns: z.array(csvColumn).min(1, CSV_MESSAGES.textColumns).max(10),
        }),
      )
      .max(20),
  })
  .superRefine((value, ctx) => {
    // the upload picks a mapping by its name (docs/product/bank-transfer.md#csv)
    const seen = new Set<string>();
    value.mappings.forEach((mapping, index) => {
      const key = mapping.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mappings', index, 'name'],
          message: CSV_MESSAGES.duplicateName,
        });
      }
      seen.add(key);
    });
  });
export type CsvMappingsInput = z.input<typeof csvMappingsSchema>;

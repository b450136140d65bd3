// Defaults of the application settings, also used when loading them fails
// (docs/product/admin.md#settings-defaults). Deliberately free of zod: this module is on every page's first
// download (scripts/bundle-budget.mjs).
import type { CsvMapping } from './bank-statements';
import { DEFAULT_BANK_TRANSFER_SETTINGS, type BankTransferSettings } from './bank-transfer-settings';
import type { InvoiceSettings } from './invoices';
import { DEFAULT_PAYMENT_METHOD_SETTINGS, type PaymentMethodSettings } from './payment-method-settings';
import { DEFAULT_WIDGET_SETTINGS, type WidgetSettings } from './widget-settings';

export const DEFAULT_SITE_NAME = 'Wachstumsraum';
export const DEFAULT_SUPPORT_EMAIL = 'hallo@wachstumsraum.example';
export const DEFAULT_TIMEZONE = 'Europe/Berlin';

/**
 * The operator's legal and seller data (card 'Rechtliches & Betreiber', docs/decisions/021). '' means "not
 * entered"; which fields are required depends on the legal form (src/shared/operator-data.ts). `taxNumber`
 * is for invoices only and never leaves the admin area.
 */
export interface OperatorInfo {
  name: string;
  /** A key of LEGAL_FORMS, or '' while not chosen. */
  legalForm: string;
  representatives: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
  taxNumber: string;
  supervisoryAuthority: string;
  contentResponsible: string;
  privacyEmail: string;
  privacyOfficer: string;
}

/**
 * The operator's part of the accessibility statement (page /barrierefreiheit, card 'Rechtliches & Betreiber',
 * docs/decisions/047-accessibility-statement.md); '' means "not entered". `conformity` is a key of
 * CONFORMITY_LEVELS (src/shared/accessibility.ts), `knownGaps` one gap per line, `contactEmail` '' the operator's
 * e-mail, `authority` '' the joint market surveillance authority of the states, `reviewedOn` 'YYYY-MM-DD'.
 */
export interface AccessibilityStatement {
  conformity: string;
  knownGaps: string;
  contactEmail: string;
  authority: string;
  reviewedOn: string;
}

export interface AppSettings {
  onboarding: { enabled: boolean };
  timezone: { name: string };
  brand: { siteName: string; contactEmail: string; logoLightUrl: string; logoDarkUrl: string };
  integrations: { supabaseUrl: string; supabaseAnonKey: string; stripePublishableKey: string };
  legal: { imprintUrl: string; privacyUrl: string; termsUrl: string };
  supportEmail: string;
  operator: OperatorInfo;
  accessibility: AccessibilityStatement;
  features: { comingSoon: boolean; emailOtpOnly: boolean };
  /**
   * The sender's signature under rule mails and messages to participants (docs/product/event-mails.md#signature);
   * '' means none. Admin only: GET /api/settings leaves it out (public-settings.ts).
   */
  mailSignature: { text: string };
  /** Invoices' tax mode and number prefix (docs/product/invoices.md); admin only, like the signature. */
  invoicing: InvoiceSettings;
  /** 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#settings); admin only, like the signature. */
  bankTransfer: BankTransferSettings;
  /** 'Zahlungsarten': the online methods offered and the order of all (docs/product/payments.md#methods). */
  paymentMethods: PaymentMethodSettings;
  /** The admin's column mappings of CSV statements, one per bank (docs/product/bank-transfer.md#csv). */
  bankCsvMappings: { mappings: CsvMapping[] };
  /** The sites allowed to embed the booking widget (docs/product/widget.md#allowed-sites); admin only. */
  widget: WidgetSettings;
}
export type AppSettingKey = keyof AppSettings;

export const DEFAULT_SETTINGS: AppSettings = {
  onboarding: { enabled: true },
  timezone: { name: DEFAULT_TIMEZONE },
  brand: {
    siteName: DEFAULT_SITE_NAME,
    contactEmail: DEFAULT_SUPPORT_EMAIL,
    logoLightUrl: '',
    logoDarkUrl: '',
  },
  integrations: { supabaseUrl: '', supabaseAnonKey: '', stripePublishableKey: '' },
  legal: { imprintUrl: '/impressum', privacyUrl: '/datenschutz', termsUrl: '/agb' },
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  operator: {
    name: '',
    legalForm: '',
    representatives: '',
    street: '',
    postalCode: '',
    city: '',
    email: '',
    phone: '',
    registerCourt: '',
    registerNumber: '',
    vatId: '',
    taxNumber: '',
    supervisoryAuthority: '',
    contentResponsible: '',
    privacyEmail: '',
    privacyOfficer: '',
  },
  accessibility: { conformity: '', knownGaps: '', contactEmail: '', authority: '', reviewedOn: '' },
  features: { comingSoon: false, emailOtpOnly: true },
  mailSignature: { text: '' },
  invoicing: { taxMode: 'small_business', numberPrefix: 'RE' },
  bankTransfer: DEFAULT_BANK_TRANSFER_SETTINGS,
  paymentMethods: DEFAULT_PAYMENT_METHOD_SETTINGS,
  bankCsvMappings: { mappings: [] },
  widget: DEFAULT_WIDGET_SETTINGS,
};

/** A stored value counts when it has the default's type; a required (non-empty by default) text stays non-empty. */
function pick(defaultValue: unknown, stored: unknown): unknown {
  if (typeof stored !== typeof defaultValue || stored === null) return defaultValue;
  if (Array.isArray(defaultValue) !== Array.isArray(stored)) return defaultValue;
  if (typeof defaultValue === 'string' && defaultValue !== '' && (stored as string).trim() === '') {
    return defaultValue;
  }
  return stored;
}

/** Merges stored rows (key → partial value) over the defaults, field by field; bad values are ignored. */
export function mergeSettings(rows: Record<string, unknown>): AppSettings {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS) as AppSettingKey[]) {
    const base = DEFAULT_SETTINGS[key];
    const stored = rows[key];
    if (typeof base !== 'object') {
      merged[key] = pick(base, stored);
      continue;
    }
    const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
    merged[key] = Object.fromEntries(
      Object.entries(base).map(([field, value]) => [field, pick(value, fields[field])]),
    );
  }
  return merged as unknown as AppSettings;
}

import { z } from 'zod';

// spec visitor §3 'Application settings' and §8: defaults used when loading fails.
export const DEFAULT_SITE_NAME = 'Wachstumsraum';
export const DEFAULT_SUPPORT_EMAIL = 'hallo@wachstumsraum.example';
export const DEFAULT_TIMEZONE = 'Europe/Berlin';

/** Marker for operator data that still has to be entered in the admin settings. */
export const OPERATOR_PLACEHOLDER_PREFIX = '[Bitte eintragen:';

export const operatorSchema = z.object({
  name: z.string(),
  representative: z.string(),
  street: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  register: z.string(),
  vatId: z.string(),
});
export type OperatorInfo = z.infer<typeof operatorSchema>;

export const appSettingsSchema = z.object({
  onboarding: z.object({ enabled: z.boolean() }),
  timezone: z.object({ name: z.string().min(1) }),
  brand: z.object({
    siteName: z.string().min(1),
    contactEmail: z.string(),
    logoLightUrl: z.string(),
    logoDarkUrl: z.string(),
  }),
  integrations: z.object({
    supabaseUrl: z.string(),
    supabaseAnonKey: z.string(),
    stripePublishableKey: z.string(),
  }),
  legal: z.object({
    imprintUrl: z.string(),
    privacyUrl: z.string(),
    termsUrl: z.string(),
  }),
  supportEmail: z.string(),
  operator: operatorSchema,
  features: z.object({ comingSoon: z.boolean(), emailOtpOnly: z.boolean() }),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export type AppSettingKey = keyof AppSettings;

const placeholder = (what: string) => `${OPERATOR_PLACEHOLDER_PREFIX} ${what}]`;

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
    name: placeholder('Name des Anbieters'),
    representative: placeholder('Vertretungsberechtigte Person(en)'),
    street: placeholder('Straße und Hausnummer'),
    city: placeholder('PLZ und Ort'),
    phone: placeholder('Telefonnummer'),
    email: DEFAULT_SUPPORT_EMAIL,
    register: placeholder('Registergericht und -nummer, falls vorhanden'),
    vatId: placeholder('USt-IdNr., falls vorhanden'),
  },
  features: { comingSoon: false, emailOtpOnly: true },
};

/** Merges stored rows (key → partial value) over the defaults; unknown keys and bad values are ignored. */
export function mergeSettings(rows: Record<string, unknown>): AppSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as AppSettingKey[]) {
    const stored = rows[key];
    if (stored === undefined || stored === null) continue;
    const base = DEFAULT_SETTINGS[key];
    const candidate =
      typeof base === 'object' && typeof stored === 'object' ? { ...base, ...(stored as object) } : stored;
    const parsed = appSettingsSchema.shape[key].safeParse(candidate);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as AppSettings;
}

export function isOperatorPlaceholder(value: string): boolean {
  return value.startsWith(OPERATOR_PLACEHOLDER_PREFIX);
}

import { z } from 'zod';
import { isCalendarDay } from './calendar-day';
import type { TaxMode } from './invoices';

// 'Buchhaltung' (docs/product/accounting.md, decision 066): the chart of accounts and the accounts the DATEV
// export books on, and the range of an export. One schema for the form and the server.

export const CHARTS = ['skr03', 'skr04'] as const;
export type Chart = (typeof CHARTS)[number];
export const CHART_LABELS: Record<Chart, string> = {
  skr03: 'SKR03 (Prozessgliederung)',
  skr04: 'SKR04 (Abschlussgliederung)',
};

/** The clearing accounts ('Verrechnungskonten'), one per way the money comes in; transfers go to the bank. */
export const CLEARING_KINDS = ['card', 'paypal', 'sepa_debit', 'klarna', 'billie'] as const;
export type ClearingKind = (typeof CLEARING_KINDS)[number];
export const CLEARING_LABELS: Record<ClearingKind, string> = {
  card: 'Karte, Apple Pay, Google Pay (und Testzahlungen)',
  paypal: 'PayPal',
  sepa_debit: 'SEPA-Lastschrift',
  klarna: 'Klarna',
  billie: 'Rechnungskauf (Billie)',
};

export const REVENUE_LABELS: Record<TaxMode, string> = {
  small_business: 'Erlöse Kleinunternehmer (§ 19 UStG)',
  education_exempt: 'Steuerfreie Erlöse (§ 4 Nr. 21 UStG)',
  vat_19: 'Erlöse 19 % USt',
  vat_7: 'Erlöse 7 % USt',
};

export interface AccountingSettings {
  chart: Chart;
  /** Beraternummer (1001–9999999) and Mandantennummer (1–99999) from the tax adviser; '' until entered. */
  consultantNumber: string;
  clientNumber: string;
  /** The collective debtor ('Sammeldebitor') every invoice is booked on: five digits with four-digit accounts. */
  debtorAccount: string;
  revenueAccounts: Record<TaxMode, string>;
  clearingAccounts: Record<ClearingKind, string>;
  bankAccount: string;
}

/**
 * The chart's usual accounts (DATEV-Kontenrahmen SKR03 / SKR04): revenue with 19 % and 7 % on the automatic
 * accounts 8400/8300 (4400/4300), tax-free revenue 8100 (4100), small business 8195 (4185), 'Geldtransit'
 * 1360 (1460) for the payment services, bank 1200 (1800), and the first debtor 10000.
 */
export const CHART_DEFAULTS: Record<
  Chart,
  Omit<AccountingSettings, 'chart' | 'consultantNumber' | 'clientNumber'>
> = {
  skr03: {
    debtorAccount: '10000',
    revenueAccounts: { small_business: '8195', education_exempt: '8100', vat_19: '8400', vat_7: '8300' },
    clearingAccounts: { card: '1360', paypal: '1360', sepa_debit: '1360', klarna: '1360', billie: '1360' },
    bankAccount: '1200',
  },
  skr04: {
    debtorAccount: '10000',
    revenueAccounts: { small_business: '4185', education_exempt: '4100', vat_19: '4400', vat_7: '4300' },
    clearingAccounts: { card: '1460', paypal: '1460', sepa_debit: '1460', klarna: '1460', billie: '1460' },
    bankAccount: '1800',
  },
};

export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = {
  chart: 'skr03',
  consultantNumber: '',
  clientNumber: '',
  ...CHART_DEFAULTS.skr03,
};

/** General ledger accounts have four digits ('Sachkontenlänge' 4), personal accounts five. */
export const ACCOUNT_LENGTH = 4;

export const ACCOUNTING_MESSAGES = {
  account: 'Ein Sachkonto hat genau 4 Ziffern, z. B. 8400.',
  debtor: 'Das Debitorenkonto hat genau 5 Ziffern, z. B. 10000.',
  consultant: 'Die Beraternummer hat 4 bis 7 Ziffern (ab 1001).',
  client: 'Die Mandantennummer hat 1 bis 5 Ziffern (ab 1).',
  chart: 'Bitte SKR03 oder SKR04 wählen.',
  numbersMissing:
    'Trag zuerst Berater- und Mandantennummer unter „Kontenrahmen und Konten“ ein: ohne sie liest DATEV den Stapel nicht ein.',
  day: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.',
  order: 'Das Ende des Zeitraums liegt vor seinem Anfang.',
  oneYear: 'Ein DATEV-Stapel umfasst nur Tage eines Jahres: teile den Zeitraum am Jahreswechsel.',
  loadFailed: 'Die Buchhaltung konnte nicht geladen werden.',
} as const;

const account = z
  .string({ error: ACCOUNTING_MESSAGES.account })
  .trim()
  .regex(/^\d{4}$/, {
    error: ACCOUNTING_MESSAGES.account,
  });

/** PUT /api/admin/accounting/settings */
export const accountingSettingsSchema = z.object({
  chart: z.enum(CHARTS, { error: ACCOUNTING_MESSAGES.chart }),
  consultantNumber: z
    .string({ error: ACCOUNTING_MESSAGES.consultant })
    .trim()
    .refine((value) => value === '' || (/^\d{4,7}$/.test(value) && Number(value) >= 1001), {
      error: ACCOUNTING_MESSAGES.consultant,
    }),
  clientNumber: z
    .string({ error: ACCOUNTING_MESSAGES.client })
    .trim()
    .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) >= 1), {
      error: ACCOUNTING_MESSAGES.client,
    }),
  debtorAccount: z
    .string({ error: ACCOUNTING_MESSAGES.debtor })
    .trim()
    .regex(/^[1-9]\d{4}$/, { error: ACCOUNTING_MESSAGES.debtor }),
  revenueAccounts: z.object({
    small_business: account,
    education_exempt: account,
    vat_19: account,
    vat_7: account,
  }),
  clearingAccounts: z.object({
    card: account,
    paypal: account,
    sepa_debit: account,
    klarna: account,
    billie: account,
  }),
  bankAccount: account,
});
export type AccountingSettingsInput = z.input<typeof accountingSettingsSchema>;

const day = z
  .string({ error: ACCOUNTING_MESSAGES.day })
  .refine(isCalendarDay, { error: ACCOUNTING_MESSAGES.day });

/** The days of an export, both included, in the shop's time zone ('YYYY-MM-DD'); within one calendar year. */
export const exportRangeSchema = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { error: ACCOUNTING_MESSAGES.order, path: ['to'] })
  .refine((range) => range.from.slice(0, 4) === range.to.slice(0, 4), {
    error: ACCOUNTING_MESSAGES.oneYear,
    path: ['to'],
  });
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): ExportRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** What an export of the range will hold: the lines per kind and the balance of each account. */
export interface AccountingPreview {
  range: ExportRange;
  invoices: number;
  cancellations: number;
  payments: number;
  refunds: number;
  returns: number;
  /** Per account: debit minus credit in cents (revenue accounts negative), sorted by account. */
  accounts: { account: string; label: string; balanceCents: number }[];
}

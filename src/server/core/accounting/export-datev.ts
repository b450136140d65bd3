import {
  ACCOUNTING_MESSAGES,
  CLEARING_KINDS,
  REVENUE_LABELS,
  ACCOUNT_LENGTH,
  type AccountingPreview,
  type AccountingSettings,
  type ExportRange,
} from '@shared/accounting';
import { TAX_MODES } from '@shared/invoices';
import type { Db } from '../../db/types';
import { AppError } from '../app-error';
import type { SettingsStore } from '../settings/settings-store';
import { loadAccountingSettings } from './accounting-settings';
import { datevFile, MAX_BOOKINGS } from './datev-format';
import { balances, datevLines } from './datev-lines';

export const TOO_MANY_BOOKINGS = `Ein DATEV-Stapel fasst höchstens ${MAX_BOOKINGS.toLocaleString('de-DE')} Buchungen: wähle einen kürzeren Zeitraum.`;

type Deps = { db: Db; settings: SettingsStore };

const CLEARING_SHORT = {
  card: 'Karte',
  paypal: 'PayPal',
  sepa_debit: 'Lastschrift',
  klarna: 'Klarna',
  billie: 'Billie',
};

const ddmm = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;

/**
 * The range as a DATEV Buchungsstapel (docs/product/accounting.md#export): EXTF 700, category 21, format version
 * 13, Windows-1252. A range without bookings gives the header and the headings only: an empty but valid
 * stapel. Refused while Berater- and Mandantennummer are missing, since DATEV rejects a file without them.
 */
export async function exportDatevStapel(
  deps: Deps,
  range: ExportRange,
  now: Date = new Date(),
): Promise<{ body: Uint8Array; fileName: string; lines: number }> {
  const accounting = await loadAccountingSettings(deps.db);
  if (!accounting.consultantNumber || !accounting.clientNumber) {
    throw new AppError('conflict', ACCOUNTING_MESSAGES.numbersMissing);
  }
  const app = await deps.settings.get();
  const zone = app.timezone.name;
  const { lines } = await datevLines(deps.db, accounting, range, zone);
  if (lines.length > MAX_BOOKINGS) throw new AppError('validation_failed', TOO_MANY_BOOKINGS);
  const body = datevFile(
    {
      createdAt: now,
      exportedBy: app.brand.siteName,
      consultantNumber: accounting.consultantNumber,
      clientNumber: accounting.clientNumber,
      // the fiscal year is the calendar year (decision 066); a range never crosses it (exportRangeSchema)
      fiscalYearStart: `${range.from.slice(0, 4)}-01-01`,
      accountLength: ACCOUNT_LENGTH,
      from: range.from,
      to: range.to,
      label: `Tickets ${ddmm(range.from)}-${ddmm(range.to)}${range.to.slice(0, 4)}`,
      chart: accounting.chart === 'skr03' ? '03' : '04',
      currency: 'EUR',
    },
    lines,
    zone,
  );
  return {
    body,
    fileName: `EXTF_Buchungsstapel_${range.from.replaceAll('-', '')}_${range.to.replaceAll('-', '')}.csv`,
    lines: lines.length,
  };
}

/** What the export of the range will hold, for the page before the download. */
export async function previewDatevExport(deps: Deps, range: ExportRange): Promise<AccountingPreview> {
  const accounting = await loadAccountingSettings(deps.db);
  const zone = (await deps.settings.get()).timezone.name;
  const { lines, counts } = await datevLines(deps.db, accounting, range, zone);
  const labels = accountLabels(accounting);
  return {
    range,
    ...counts,
    accounts: [...balances(lines)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([account, balanceCents]) => ({ account, label: labels.get(account) ?? '', balanceCents })),
  };
}

/** An account's name as the settings card calls it (several roles on one account are joined). */
function accountLabels(settings: AccountingSettings): Map<string, string> {
  const labels = new Map<string, string[]>();
  const add = (account: string, label: string) =>
    labels.set(account, [...(labels.get(account) ?? []), label]);
  add(settings.debtorAccount, 'Debitor (Sammelkonto)');
  for (const mode of TAX_MODES) add(settings.revenueAccounts[mode], REVENUE_LABELS[mode]);
  const clearing = new Map<string, string[]>();
  for (const kind of CLEARING_KINDS) {
    const account = settings.clearingAccounts[kind];
    clearing.set(account, [...(clearing.get(account) ?? []), CLEARING_SHORT[kind]]);
  }
  for (const [account, kinds] of clearing) add(account, `Verrechnung ${kinds.join(', ')}`);
  add(settings.bankAccount, 'Bank');
  return new Map([...labels].map(([account, names]) => [account, [...new Set(names)].join('; ')]));
}

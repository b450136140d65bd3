import { FileArchive, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import {
  ACCOUNTING_MESSAGES,
  exportRangeSchema,
  monthRange,
  type AccountingPreview,
  type ExportRange,
} from '@shared/accounting';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Input, Select } from '@web/components/ui/input';
import { SettingsCard } from '@web/components/ui/settings-card';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { formatCount, formatIsoDay, formatPrice } from '@web/lib/format';
import { datevCsvUrl, datevZipUrl, useAccountingPreview } from '../api/get-accounting-preview';

type Mode = 'month' | 'range';

const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The range the form describes, or why it is none. */
function rangeOf(mode: Mode, month: string, from: string, to: string): ExportRange | { error: string } {
  if (mode === 'month') return isMonth(month) ? monthRange(month) : { error: 'Bitte einen Monat wählen.' };
  const parsed = exportRangeSchema.safeParse({ from, to });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? ACCOUNTING_MESSAGES.day };
}

/**
 * 'Export für DATEV' (docs/product/accounting.md#export): a month or a range of days, what it holds, and the two
 * files: the Buchungsstapel and the invoice PDFs as a DATEV package.
 */
export function DatevExportCard({
  month: initialMonth,
  numbersMissing,
}: {
  month: string;
  numbersMissing: boolean;
}) {
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(initialMonth);
  const [from, setFrom] = useState(monthRange(initialMonth).from);
  const [to, setTo] = useState(monthRange(initialMonth).to);
  const range = rangeOf(mode, month, from, to);
  const valid = 'from' in range ? range : null;
  const preview = useAccountingPreview(valid);
  const documents = preview.data ? preview.data.invoices + preview.data.cancellations : 0;

  return (
    <SettingsCard
      id="datev-export"
      title="Export für DATEV"
      description="Ein Buchungsstapel (DATEV-Format, Kontenrahmen wie unten eingestellt) und die Rechnungen als Belege: beides zusammen in DATEV Unternehmen online oder Kanzlei-Rechnungswesen einlesen."
    >
      <form
        aria-label="Zeitraum des Exports"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="flex flex-col gap-1.5 sm:w-44">
          <label htmlFor="datev-mode" className={labelClass}>
            Zeitraum
          </label>
          <Select
            size="sm"
            id="datev-mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as Mode)}
          >
            <option value="month">Ein Monat</option>
            <option value="range">Von … bis …</option>
          </Select>
        </div>
        {mode === 'month' ? (
          <div className="flex flex-col gap-1.5 sm:w-48">
            <label htmlFor="datev-month" className={labelClass}>
              Monat
            </label>
            <Input
              size="sm"
              id="datev-month"
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            />
          </div>
        ) : (
          <>
            <div className="flex flex-col gap-1.5 sm:w-44">
              <label htmlFor="datev-from" className={labelClass}>
                Von
              </label>
              <Input
                size="sm"
                id="datev-from"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5 sm:w-44">
              <label htmlFor="datev-to" className={labelClass}>
                Bis
              </label>
              <Input size="sm" id="datev-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
          </>
        )}
      </form>

      {'error' in range && <ErrorText className="mt-3">{range.error}</ErrorText>}
      {valid && (
        <div className="mt-4 flex flex-col gap-4" aria-busy={preview.isFetching}>
          {preview.isError ? (
            <ErrorText>{messageOf(preview.error, ACCOUNTING_MESSAGES.loadFailed)}</ErrorText>
          ) : preview.data ? (
            <PreviewSummary preview={preview.data} />
          ) : (
            <p className="text-sm text-muted-foreground">Wird geladen …</p>
          )}
          {numbersMissing && <ErrorText alert={false}>{ACCOUNTING_MESSAGES.numbersMissing}</ErrorText>}
          <div className="flex flex-wrap items-center gap-2">
            <Download
              href={datevCsvUrl(valid)}
              disabled={numbersMissing}
              icon={<FileSpreadsheet className="h-4 w-4" aria-hidden />}
              label="Buchungsstapel (CSV)"
            />
            <Download
              href={datevZipUrl(valid)}
              disabled={numbersMissing || documents === 0}
              icon={<FileArchive className="h-4 w-4" aria-hidden />}
              label="Belege als ZIP"
            />
            {preview.data && documents === 0 && (
              <span className="text-xs text-muted-foreground">
                Keine Rechnungen im Zeitraum: kein Beleg-ZIP.
              </span>
            )}
          </div>
        </div>
      )}
    </SettingsCard>
  );
}

function Download({
  href,
  disabled,
  icon,
  label,
}: {
  href: string;
  disabled: boolean;
  icon: React.ReactNode;
  label: string;
}) {
  return disabled ? (
    <Button variant="secondary" size="sm" disabled>
      {icon}
      {label}
    </Button>
  ) : (
    <a href={href} download className={buttonClasses('secondary', 'sm')}>
      {icon}
      {label}
    </a>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** The lines per kind and each account's balance (Soll or Haben), as the file will book them. */
function PreviewSummary({ preview }: { preview: AccountingPreview }) {
  const lines = [
    plural(preview.invoices, 'Rechnung', 'Rechnungen'),
    plural(preview.cancellations, 'Stornorechnung', 'Stornorechnungen'),
    plural(preview.payments, 'Zahlung', 'Zahlungen'),
    plural(preview.refunds, 'Erstattung', 'Erstattungen'),
    plural(preview.returns, 'Rücklastschrift', 'Rücklastschriften'),
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        {formatIsoDay(preview.range.from)} bis {formatIsoDay(preview.range.to)}: {lines.join(', ')}.
      </p>
      {preview.accounts.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Salden je Konto im Zeitraum</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Konto
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Bezeichnung
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.accounts.map((row) => (
                <tr key={row.account} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-mono font-normal">
                    {row.account}
                  </th>
                  <td className="py-2 pr-3">{row.label}</td>
                  <td className="py-2 text-right tabular-nums">
                    {row.balanceCents === 0
                      ? formatPrice(0)
                      : `${formatPrice(Math.abs(row.balanceCents))} ${row.balanceCents > 0 ? 'Soll' : 'Haben'}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

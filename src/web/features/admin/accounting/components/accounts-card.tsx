import { useState } from 'react';
import {
  ACCOUNTING_MESSAGES,
  accountingSettingsSchema,
  CHART_DEFAULTS,
  CHART_LABELS,
  CHARTS,
  CLEARING_KINDS,
  CLEARING_LABELS,
  REVENUE_LABELS,
  type AccountingSettings,
  type Chart,
} from '@shared/accounting';
import { TAX_MODES } from '@shared/invoices';
import { Input, Select } from '@web/components/ui/input';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { toast } from '@web/lib/toast';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { useAccountingSettings } from '../api/get-accounting-settings';
import { useSaveAccountingSettings } from '../api/save-accounting-settings';

/**
 * 'Kontenrahmen und Konten' (docs/product/accounting.md#settings): SKR03 or SKR04, Berater- and
 * Mandantennummer, and the accounts the export books on. Choosing the other chart fills in its usual accounts.
 */
export function AccountsCard() {
  const settings = useAccountingSettings();
  return (
    <SettingsCard
      id="accounts"
      title="Kontenrahmen und Konten"
      description="Frag deine Steuerberatung nach Berater- und Mandantennummer und ob sie andere Konten möchte. Die Vorgaben sind die üblichen Konten des gewählten Kontenrahmens."
      loading={!settings.data}
      loadError={settings.isError ? messageOf(settings.error, ACCOUNTING_MESSAGES.loadFailed) : null}
    >
      {settings.data && <AccountsForm initial={settings.data.accounting} />}
    </SettingsCard>
  );
}

function AccountField({
  id,
  label,
  value,
  onChange,
  digits = 4,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  digits?: number;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Input
        size="sm"
        id={id}
        value={value}
        inputMode="numeric"
        autoComplete="off"
        maxLength={digits + 2}
        className="font-mono sm:max-w-[10rem]"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function AccountsForm({ initial }: { initial: AccountingSettings }) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useSavedFlash();
  const save = useSaveAccountingSettings();

  const submit = async () => {
    const parsed = accountingSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNTING_MESSAGES.account);
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync(parsed.data);
      setValues(answer.accounting);
      flashSaved();
    } catch (failure) {
      const message = messageOf(failure, 'Die Konten konnten nicht gespeichert werden.');
      setError(message);
      toast.error(message);
    }
  };

  const chooseChart = (chart: Chart) =>
    setValues({ ...values, chart, ...structuredClone(CHART_DEFAULTS[chart]) });

  return (
    <SettingsForm onSubmit={submit}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="accounting-chart" className={labelClass}>
          Kontenrahmen
        </label>
        <Select
          size="sm"
          id="accounting-chart"
          value={values.chart}
          aria-describedby="accounting-chart-hint"
          className="sm:max-w-xs"
          onChange={(event) => chooseChart(event.target.value as Chart)}
        >
          {CHARTS.map((chart) => (
            <option key={chart} value={chart}>
              {CHART_LABELS[chart]}
            </option>
          ))}
        </Select>
        <p id="accounting-chart-hint" className="text-xs text-muted-foreground">
          Ein Wechsel setzt die Konten auf die Vorgaben des Kontenrahmens.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountField
          id="accounting-consultant"
          label="Beraternummer"
          digits={7}
          value={values.consultantNumber}
          onChange={(consultantNumber) => setValues({ ...values, consultantNumber })}
        />
        <AccountField
          id="accounting-client"
          label="Mandantennummer"
          digits={5}
          value={values.clientNumber}
          onChange={(clientNumber) => setValues({ ...values, clientNumber })}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Erlöse je Steuerart</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {TAX_MODES.map((mode) => (
            <AccountField
              key={mode}
              id={`accounting-revenue-${mode}`}
              label={REVENUE_LABELS[mode]}
              value={values.revenueAccounts[mode]}
              onChange={(account) =>
                setValues({ ...values, revenueAccounts: { ...values.revenueAccounts, [mode]: account } })
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Geld: Verrechnungskonten und Bank</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {CLEARING_KINDS.map((kind) => (
            <AccountField
              key={kind}
              id={`accounting-clearing-${kind}`}
              label={CLEARING_LABELS[kind]}
              value={values.clearingAccounts[kind]}
              onChange={(account) =>
                setValues({ ...values, clearingAccounts: { ...values.clearingAccounts, [kind]: account } })
              }
            />
          ))}
          <AccountField
            id="accounting-bank"
            label="Bank (Überweisungen)"
            value={values.bankAccount}
            onChange={(bankAccount) => setValues({ ...values, bankAccount })}
          />
          <AccountField
            id="accounting-debtor"
            label="Debitor (Sammelkonto für alle Rechnungen)"
            digits={5}
            value={values.debtorAccount}
            onChange={(debtorAccount) => setValues({ ...values, debtorAccount })}
          />
        </div>
      </fieldset>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}

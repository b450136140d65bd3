import { useState } from 'react';
import { invoiceSettingsSchema } from '@shared/admin-settings';
import {
  invoiceNumber,
  TAX_MODE_LABELS,
  TAX_MODES,
  type InvoiceSettings,
  type TaxMode,
} from '@shared/invoices';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useSaveInvoiceSettings } from '../api/save-invoice-settings';
import { useSettingsPart } from './settings-part';
import { useSettingsSave } from './use-settings-save';
import { Input, Select } from '@web/components/ui/input';

/**
 * Card 'Rechnungen' (issue 19): the tax treatment of events that set none, and the prefix of the invoice
 * numbers. The seller's data on an invoice comes from 'Rechtliches & Betreiber'.
 */
export function InvoiceSettingsCard() {
  const { part: invoicing, card } = useSettingsPart((settings) => settings.invoicing);
  return (
    <SettingsCard
      id="invoicing"
      title="Rechnungen"
      description="Umsatzsteuer und Nummern deiner Rechnungen und Stornorechnungen. Als Absender steht der Betreiber aus „Rechtliches & Betreiber“ darauf."
      {...card}
    >
      {invoicing && <InvoiceSettingsForm initial={invoicing} />}
    </SettingsCard>
  );
}

function InvoiceSettingsForm({ initial }: { initial: InvoiceSettings }) {
  const [values, setValues] = useState(initial);
  const save = useSaveInvoiceSettings();
  const { error, saved, submit } = useSettingsSave(invoiceSettingsSchema, save.mutateAsync);
  const example = invoiceNumber(values.numberPrefix.trim(), new Date().getFullYear(), 1);

  return (
    <SettingsForm onSubmit={() => submit(values)}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="settings-tax-mode" className={labelClass}>
          Steuerliche Behandlung
        </label>
        <Select
          size="sm"
          id="settings-tax-mode"
          value={values.taxMode}
          aria-describedby="settings-tax-mode-hint"
          onChange={(event) => setValues({ ...values, taxMode: event.target.value as TaxMode })}
        >
          {TAX_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {TAX_MODE_LABELS[mode]}
            </option>
          ))}
        </Select>
        <p id="settings-tax-mode-hint" className="text-xs text-muted-foreground">
          Gilt für alle Events, die nichts anderes festlegen. Ausgestellte Rechnungen ändern sich nicht.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="settings-invoice-prefix" className={labelClass}>
          Präfix der Rechnungsnummer
        </label>
        <Input
          size="sm"
          id="settings-invoice-prefix"
          value={values.numberPrefix}
          maxLength={10}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby="settings-invoice-prefix-hint"
          onChange={(event) => setValues({ ...values, numberPrefix: event.target.value })}
          className="sm:max-w-xs"
        />
        <p id="settings-invoice-prefix-hint" className="text-xs text-muted-foreground">
          Beispiel: <span className="font-mono">{example}</span>
        </p>
      </div>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}

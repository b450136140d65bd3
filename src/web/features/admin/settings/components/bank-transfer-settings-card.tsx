import { useState } from 'react';
import { bankTransferSettingsSchema, SETTINGS_MESSAGES } from '@shared/admin-settings';
import { formatIban, type BankTransferSettings } from '@shared/bank-transfer';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useSaveBankTransferSettings } from '../api/save-bank-transfer-settings';
import { BankTransferFields, type BankTransferField, type BankTransferForm } from './bank-transfer-fields';
import { useSettingsPart } from './settings-part';

type FieldErrors = Partial<Record<BankTransferField, string>>;
/** The order of the fields on the card: a refused save focuses the first wrong one. */
const FIELD_ORDER: BankTransferField[] = ['accountHolder', 'iban', 'bic', 'minDaysBeforeStart'];

/**
 * Card 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#settings): whether buyers may pay by transfer,
 * the account they pay to and how many days before the start it is offered at the latest.
 */
export function BankTransferSettingsCard() {
  const { part: bankTransfer, card } = useSettingsPart((settings) => settings.bankTransfer);
  return (
    <SettingsCard
      id="bank-transfer"
      title="Überweisung (Vorkasse)"
      description="Käufer können statt mit Karte per Überweisung bezahlen; die Plätze bleiben bis zum Zahlungseingang reserviert. Zahlungen ordnest du unter „Kontoauszüge“ zu."
      {...card}
    >
      {bankTransfer && <BankTransferSettingsForm initial={bankTransfer} />}
    </SettingsCard>
  );
}

const formOf = (settings: BankTransferSettings): BankTransferForm => ({
  enabled: settings.enabled,
  accountHolder: settings.accountHolder,
  iban: formatIban(settings.iban),
  bic: settings.bic,
  minDaysBeforeStart: String(settings.minDaysBeforeStart),
});

/** The first message per field: zod's issues in the browser, a 422's details from the server. */
function fieldErrors(issues: readonly { path?: unknown; message?: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(Array.isArray(issue.path) ? issue.path[0] : issue.path) as BankTransferField;
    if (typeof issue.message === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

function BankTransferSettingsForm({ initial }: { initial: BankTransferSettings }) {
  const [values, setValues] = useState(() => formOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useSavedFlash();
  const save = useSaveBankTransferSettings();

  const refuse = (found: FieldErrors, message: string) => {
    setErrors(found);
    setError(message);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(`bank-transfer-${first}`)?.focus();
  };

  const submit = () => {
    const days = values.minDaysBeforeStart.trim();
    const parsed = bankTransferSettingsSchema.safeParse({
      ...values,
      minDaysBeforeStart: days === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success) return refuse(fieldErrors(parsed.error.issues), 'Bitte Eingaben prüfen.');
    setErrors({});
    setError(null);
    return save
      .mutateAsync(parsed.data)
      .then((stored) => {
        setValues(formOf(stored));
        flashSaved();
        toast.success(SETTINGS_MESSAGES.saved);
      })
      .catch((failure: unknown) => {
        const details = failure instanceof ApiError && Array.isArray(failure.details) ? failure.details : [];
        const message = messageOf(failure, SETTINGS_MESSAGES.saveFailed);
        refuse(fieldErrors(details as { path?: unknown; message?: unknown }[]), message);
        toast.error(message);
      });
  };

  return (
    <SettingsForm onSubmit={submit}>
      <BankTransferFields
        values={values}
        errors={errors}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}

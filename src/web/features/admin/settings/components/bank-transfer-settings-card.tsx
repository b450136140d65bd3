import { useState } from 'react';
import { bankTransferSettingsSchema, SETTINGS_MESSAGES } from '@shared/admin-settings';
import { formatIban, type BankTransferSettings } from '@shared/bank-transfer';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { toast } from '@web/lib/toast';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { useSaveBankTransferSettings } from '../api/save-bank-transfer-settings';
import { BankTransferFields, type BankTransferField, type BankTransferForm } from './bank-transfer-fields';
import { fieldErrorsOf, refusalOf, type FieldErrors as CardFieldErrors } from './checked-save';
import { useSettingsPart } from './settings-part';

type FieldErrors = CardFieldErrors<BankTransferField>;
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
    if (!parsed.success) {
      return refuse(fieldErrorsOf<BankTransferField>(parsed.error.issues), 'Bitte Eingaben prüfen.');
    }
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
        const { errors: found, message } = refusalOf<BankTransferField>(failure);
        refuse(found, message);
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

import { CreditCard, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { BANK_TRANSFER_MESSAGES } from '@shared/bank-transfer';

export type PaymentChoiceValue = 'card' | 'transfer';

/**
 * The online methods (named by `cardLabel`) or 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#offered), in
 * the admin's order of 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md): a radio group; the
 * chosen method's form follows it.
 */
export function PaymentChoice({
  value,
  cardLabel,
  onChange,
  transferFirst = false,
}: {
  value: PaymentChoiceValue;
  cardLabel: string;
  onChange: (value: PaymentChoiceValue) => void;
  /** The admin put transfer before every online method offered here. */
  transferFirst?: boolean;
}) {
  const online = (
    <Option
      key="card"
      value="card"
      checked={value === 'card'}
      onChange={onChange}
      icon={<CreditCard className="h-5 w-5 text-primary" aria-hidden />}
      label={cardLabel}
      hint="Online bezahlt, die Tickets kommen, sobald die Zahlung bestätigt ist."
    />
  );
  const transfer = (
    <Option
      key="transfer"
      value="transfer"
      checked={value === 'transfer'}
      onChange={onChange}
      icon={<Landmark className="h-5 w-5 text-primary" aria-hidden />}
      label={BANK_TRANSFER_MESSAGES.methodLabel}
      hint="Du überweist selbst; die Tickets kommen, sobald das Geld da ist."
    />
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Wie möchtest du bezahlen?</legend>
      {transferFirst ? [transfer, online] : [online, transfer]}
    </fieldset>
  );
}

function Option({
  value,
  checked,
  onChange,
  icon,
  label,
  hint,
}: {
  value: PaymentChoiceValue;
  checked: boolean;
  onChange: (value: PaymentChoiceValue) => void;
  icon: ReactNode;
  label: string;
  hint: string;
}) {
  const id = `payment-choice-${value}`;
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40 ${
        checked ? 'border-primary bg-accent/40' : 'border-border hover:bg-muted/60'
      }`}
    >
      <input
        id={id}
        type="radio"
        name="payment-choice"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
      />
      <span className="mt-0.5 shrink-0">{icon}</span>
      <span className="flex flex-col">
        <span id={`${id}-label`} className="font-semibold">
          {label}
        </span>
        <span id={`${id}-hint`} className="text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}

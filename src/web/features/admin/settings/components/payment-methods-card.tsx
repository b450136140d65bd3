import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { SETTINGS_MESSAGES } from '@shared/admin-settings';
import { bankTransferReady, type BankTransferSettings } from '@shared/bank-transfer';
import { paymentMethodSettingsSchema, SEPA_MIN_DAYS } from '@shared/payment-method-schema';
import {
  METHOD_RULE_TEXTS,
  orderedMethods,
  PAYMENT_METHOD_LABELS,
  type OnlineMethod,
  type PaymentMethod,
  type PaymentMethodSettings,
} from '@shared/payment-methods';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { NumberField } from '@web/components/ui/number-field';
import { SaveFooter, SettingsCard, SettingsForm } from '@web/components/ui/settings-card';
import { toast } from '@web/lib/toast';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { useSavePaymentMethodSettings } from '../api/save-payment-method-settings';
import { fieldErrorsOf, refusalOf } from './checked-save';
import { useSettingsPart } from './settings-part';

type FormField = 'enabled' | 'order' | 'sepaMinDaysBeforeStart';
type FieldErrors = Partial<Record<FormField, string>>;

const DAYS_ID = 'payment-methods-sepa-days';

/**
 * Card 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md): which online methods the checkout
 * offers, the order of all methods (buttons, no dragging), the SEPA lead time, and under each method its rule, so
 * the admin sees why a switched-on method may not appear for an order. 'Überweisung (Vorkasse)' is switched in
 * its own card; here it shows its state and takes its place in the order.
 */
export function PaymentMethodsCard() {
  const { part, card } = useSettingsPart((settings) => ({
    methods: settings.paymentMethods,
    transfer: settings.bankTransfer,
  }));
  return (
    <SettingsCard
      id="payment-methods"
      title="Zahlungsarten"
      description="Was Käufer im Checkout sehen, in dieser Reihenfolge. Eine Zahlungsart erscheint nur, wenn sie zur Bestellung passt (Regel darunter); schalte bei Stripe dieselben Zahlungsarten frei."
      {...card}
    >
      {part && <PaymentMethodsForm initial={part.methods} transfer={part.transfer} />}
    </SettingsCard>
  );
}

interface FormValues {
  enabled: OnlineMethod[];
  order: PaymentMethod[];
  /** As typed. */
  sepaMinDaysBeforeStart: string;
}

const formOf = (settings: PaymentMethodSettings): FormValues => ({
  enabled: settings.enabled,
  order: orderedMethods(settings),
  sepaMinDaysBeforeStart: String(settings.sepaMinDaysBeforeStart),
});

const ruleOf = (method: PaymentMethod, days: string): string | null => {
  switch (method) {
    case 'card':
      return null;
    case 'bank_transfer':
      return null;
    case 'sepa_debit':
      return METHOD_RULE_TEXTS.sepa_debit(Number(days) || 0);
    default:
      return METHOD_RULE_TEXTS[method];
  }
};

function PaymentMethodsForm({
  initial,
  transfer,
}: {
  initial: PaymentMethodSettings;
  transfer: BankTransferSettings;
}) {
  const [values, setValues] = useState(() => formOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const [saved, flashSaved] = useSavedFlash();
  const save = useSavePaymentMethodSettings();

  const refuse = (found: FieldErrors, message: string) => {
    setErrors(found);
    setError(message);
    if (found.sepaMinDaysBeforeStart) document.getElementById(DAYS_ID)?.focus();
    else if (found.enabled) document.getElementById('payment-methods-method-wallet')?.focus();
  };

  const toggle = (method: OnlineMethod, on: boolean) =>
    setValues((current) => ({
      ...current,
      enabled: on ? [...current.enabled, method] : current.enabled.filter((m) => m !== method),
    }));

  const move = (method: PaymentMethod, by: -1 | 1) => {
    const from = values.order.indexOf(method);
    const to = from + by;
    if (to < 0 || to >= values.order.length) return;
    const order = [...values.order];
    order.splice(from, 1);
    order.splice(to, 0, method);
    setValues((current) => ({ ...current, order }));
    setMoved(`${PAYMENT_METHOD_LABELS[method]} steht jetzt an Position ${to + 1} von ${order.length}.`);
    // at the top or bottom the pressed button is disabled: the focus goes to the other one
    const edge = to === 0 || to === order.length - 1;
    const direction = edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`payment-methods-${direction}-${method}`)?.focus());
  };

  const submit = () => {
    const days = values.sepaMinDaysBeforeStart.trim();
    const parsed = paymentMethodSettingsSchema.safeParse({
      ...values,
      sepaMinDaysBeforeStart: days === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success)
      return refuse(fieldErrorsOf<FormField>(parsed.error.issues), 'Bitte Eingaben prüfen.');
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
        const { errors: found, message } = refusalOf<FormField>(failure);
        refuse(found, message);
        toast.error(message);
      });
  };

  const transferOn = bankTransferReady(transfer);
  return (
    <SettingsForm onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Angebotene Zahlungsarten und Reihenfolge</legend>
        <ol className="flex flex-col gap-2">
          {values.order.map((method, index) => (
            <li
              key={method}
              className="flex items-start gap-3 rounded-xl border border-border px-4 py-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                {method === 'bank_transfer' ? (
                  <TransferRow on={transferOn} />
                ) : (
                  <MethodRow
                    method={method}
                    checked={values.enabled.includes(method)}
                    rule={ruleOf(method, values.sepaMinDaysBeforeStart)}
                    onChange={(on) => toggle(method, on)}
                  />
                )}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  id={`payment-methods-up-${method}`}
                  aria-label={`${PAYMENT_METHOD_LABELS[method]} nach oben`}
                  disabled={index === 0}
                  onClick={() => move(method, -1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  id={`payment-methods-down-${method}`}
                  aria-label={`${PAYMENT_METHOD_LABELS[method]} nach unten`}
                  disabled={index === values.order.length - 1}
                  onClick={() => move(method, 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <p role="status" className="sr-only">
          {moved}
        </p>
        {(errors.enabled || errors.order) && <ErrorText>{errors.enabled ?? errors.order}</ErrorText>}
      </fieldset>
      <Field
        id={DAYS_ID}
        label="SEPA-Lastschrift: Tage bis zum Beginn mindestens"
        error={errors.sepaMinDaysBeforeStart}
        hint={`Lastschrift gibt es nur, solange das Event mindestens so viele Tage entfernt ist (${SEPA_MIN_DAYS.min} bis ${SEPA_MIN_DAYS.max}).`}
      >
        <NumberField
          kind="whole"
          size="sm"
          min={SEPA_MIN_DAYS.min}
          max={SEPA_MIN_DAYS.max}
          suffix="Tage"
          className="sm:max-w-[10rem]"
          value={values.sepaMinDaysBeforeStart}
          onChange={(event) =>
            setValues((current) => ({ ...current, sepaMinDaysBeforeStart: event.target.value }))
          }
        />
      </Field>
      <SaveFooter error={error} pending={save.isPending} saved={saved} />
    </SettingsForm>
  );
}

function MethodRow({
  method,
  checked,
  rule,
  onChange,
}: {
  method: OnlineMethod;
  checked: boolean;
  rule: string | null;
  onChange: (on: boolean) => void;
}) {
  const id = `payment-methods-method-${method}`;
  return (
    <>
      <label htmlFor={id} className="flex items-center gap-2 font-semibold">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={rule ? `${id}-rule` : undefined}
          className="h-4 w-4 shrink-0 accent-primary"
        />
        {PAYMENT_METHOD_LABELS[method]}
      </label>
      {rule && (
        <p id={`${id}-rule`} className="mt-1 pl-6 text-muted-foreground">
          {rule}
        </p>
      )}
    </>
  );
}

function TransferRow({ on }: { on: boolean }) {
  return (
    <>
      <p className="font-semibold">
        {PAYMENT_METHOD_LABELS.bank_transfer}:{' '}
        <span className={on ? 'text-primary' : 'text-muted-foreground'}>
          {on ? 'eingeschaltet' : 'ausgeschaltet'}
        </span>
      </p>
      <p className="mt-1 text-muted-foreground">
        Ein- und ausschalten, Konto und Vorlauf in der Karte{' '}
        <a href="#bank-transfer" className="font-medium text-foreground underline underline-offset-2">
          „Überweisung (Vorkasse)“
        </a>
        .
      </p>
    </>
  );
}

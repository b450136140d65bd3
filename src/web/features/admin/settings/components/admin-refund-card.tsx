import { useState } from 'react';
import { toast } from 'sonner';
import {
  ADMIN_REFUND_DEFAULT_REASON,
  ADMIN_REFUND_QUICK_PERCENTS,
  ADMIN_REFUND_ZERO_MESSAGE,
} from '@shared/email-tests';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { inputClass, labelClass } from '../../admin-styles';
import { useAdminRefund, type AdminRefundInput } from '../api/admin-refund';
import { serverMessage } from './server-message';
import { SettingsCard } from './settings-card';

// spec admin §5 and §8 texts.
export const ADMIN_REFUND_TEXTS = {
  bookingId: 'Bitte Booking-ID angeben',
  amount: 'Betrag ungültig',
  failed: 'Fehler bei Refund',
} as const;

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** spec admin §8 'Refund OK: {amount} {currency}', the amount de-DE with two decimals. */
export const refundOkMessage = (amount: number, currency: string) =>
  `Refund OK: ${money.format(amount)} ${currency}`;

export interface RefundFormValues {
  bookingId: string;
  reason: string;
  /** Percent of the amount paid, 0..100, as typed. */
  percent: string;
  /** Euros as typed ('12,50' or '12.50'); when set it is sent instead of the percent. */
  amount: string;
}
type RefundErrors = Partial<Record<'bookingId' | 'percent' | 'amount', string>>;

/** '1.234,50' and '1234.50' alike; NaN for anything else. */
function parseEuros(text: string): number {
  const raw = text.trim();
  if (!/^[0-9.,+-]+$/.test(raw)) return Number.NaN;
  return Number(raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw);
}

/**
 * spec admin §5 'Admin refund': booking id required; the percent clamped to 0..100 and sent as a fraction;
 * an amount must be finite and not negative and is sent in cents.
 */
export function toRefundInput(values: RefundFormValues): { input?: AdminRefundInput; errors: RefundErrors } {
  const errors: RefundErrors = {};
  const bookingId = values.bookingId.trim();
  if (!bookingId) errors.bookingId = ADMIN_REFUND_TEXTS.bookingId;
  const base = { bookingId, reason: values.reason.trim() || ADMIN_REFUND_DEFAULT_REASON };
  let share: Pick<AdminRefundInput, 'percent' | 'amountCents'> = {};
  if (values.amount.trim()) {
    const euros = parseEuros(values.amount);
    if (!Number.isFinite(euros) || euros < 0) errors.amount = ADMIN_REFUND_TEXTS.amount;
    else if (Math.round(euros * 100) === 0) errors.amount = ADMIN_REFUND_ZERO_MESSAGE;
    else share = { amountCents: Math.round(euros * 100) };
  } else {
    const percent = values.percent.trim() ? Number(values.percent.replace(',', '.')) : Number.NaN;
    if (!Number.isFinite(percent)) errors.percent = ADMIN_REFUND_TEXTS.amount;
    else if (percent <= 0) errors.percent = ADMIN_REFUND_ZERO_MESSAGE;
    else share = { percent: Math.min(100, Math.max(0, percent)) / 100 };
  }
  return Object.keys(errors).length > 0 ? { errors } : { input: { ...base, ...share }, errors };
}

const EMPTY: RefundFormValues = {
  bookingId: '',
  reason: ADMIN_REFUND_DEFAULT_REASON,
  percent: '100',
  amount: '',
};

function confirmQuestion(input: AdminRefundInput): string {
  if (input.amountCents !== undefined) return `${money.format(input.amountCents / 100)} erstatten?`;
  return `${Math.round((input.percent ?? 0) * 1000) / 10} % des bezahlten Betrags erstatten?`;
}

/**
 * spec admin §2 'Admin Refund': money back on a booking without cancelling its tickets. The server never
 * refunds more than is left and names the rest when asked for more; the card asks once before sending.
 */
export function AdminRefundCard() {
  const [values, setValues] = useState<RefundFormValues>(EMPTY);
  const [errors, setErrors] = useState<RefundErrors>({});
  const [pending, setPending] = useState<AdminRefundInput | null>(null);
  const refund = useAdminRefund();
  const set = (key: keyof RefundFormValues, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const amountMode = values.amount.trim() !== '';

  const review = () => {
    const { input, errors: found } = toRefundInput(values);
    setErrors(found);
    if (input) setPending(input);
  };

  const send = async (input: AdminRefundInput) => {
    try {
      const { refund: done } = await refund.mutateAsync(input);
      toast.success(refundOkMessage(done.amount, done.currency));
      setValues(EMPTY);
    } catch (error) {
      toast.error(ADMIN_REFUND_TEXTS.failed, { description: serverMessage(error) });
    } finally {
      setPending(null);
    }
  };

  const fieldError = (key: keyof RefundErrors) =>
    errors[key] ? (
      <p id={`refund-${key}-error`} role="alert" className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: keyof RefundErrors) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `refund-${key}-error` } : {};

  return (
    <SettingsCard
      id="admin-refund"
      title="Admin Refund"
      description="Erstattet Geld auf eine bezahlte Buchung, ohne Tickets zu stornieren. Erstattet wird höchstens, was noch nicht erstattet ist; der Käufer erhält eine E-Mail."
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="refund-booking-id" className={labelClass}>
              Booking-ID
            </label>
            <input
              id="refund-booking-id"
              value={values.bookingId}
              spellCheck={false}
              aria-required
              placeholder="z. B. 3f2b9c1e-…"
              onChange={(event) => set('bookingId', event.target.value)}
              className={`${inputClass} font-mono`}
              {...invalid('bookingId')}
            />
            {fieldError('bookingId')}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="refund-reason" className={labelClass}>
              Grund
            </label>
            <input
              id="refund-reason"
              value={values.reason}
              maxLength={500}
              onChange={(event) => set('reason', event.target.value)}
              className={inputClass}
            />
          </div>
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className={`${labelClass} mb-1.5`}>Erstattung</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="refund-percent" className="text-sm">
                Prozent vom bezahlten Betrag
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id="refund-percent"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="any"
                  value={values.percent}
                  disabled={amountMode}
                  onChange={(event) => set('percent', event.target.value)}
                  className={`${inputClass} w-24`}
                  {...invalid('percent')}
                />
                <div role="group" aria-label="Schnellauswahl Prozent" className="flex flex-wrap gap-2">
                  {ADMIN_REFUND_QUICK_PERCENTS.map((percent) => (
                    <Button
                      key={percent}
                      size="sm"
                      variant={!amountMode && Number(values.percent) === percent ? 'primary' : 'secondary'}
                      aria-pressed={!amountMode && Number(values.percent) === percent}
                      onClick={() =>
                        setValues((current) => ({ ...current, percent: String(percent), amount: '' }))
                      }
                    >
                      {percent} %
                    </Button>
                  ))}
                </div>
              </div>
            </div>
          </div>
          {fieldError('percent')}
          <div className="flex flex-col gap-1.5 sm:max-w-xs">
            <label htmlFor="refund-amount" className="text-sm">
              oder Betrag
            </label>
            <input
              id="refund-amount"
              inputMode="decimal"
              placeholder="z. B. 12,50"
              value={values.amount}
              onChange={(event) => set('amount', event.target.value)}
              className={inputClass}
              {...invalid('amount')}
              aria-describedby={errors.amount ? 'refund-amount-error' : 'refund-amount-hint'}
            />
            <p id="refund-amount-hint" className="text-xs text-muted-foreground">
              In der Währung der Buchung. Ist ein Betrag eingetragen, wird er statt des Prozentsatzes
              erstattet.
            </p>
            {fieldError('amount')}
          </div>
        </fieldset>

        <div>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Wird erstattet …' : 'Erstattung auslösen'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        question={pending ? confirmQuestion(pending) : null}
        details={
          pending
            ? `Buchung ${pending.bookingId}. Das Geld geht sofort an den Zahlungsanbieter zurück; das kann nicht rückgängig gemacht werden.`
            : undefined
        }
        confirmLabel="Erstatten"
        onCancel={() => setPending(null)}
        onConfirm={() => (pending ? send(pending) : undefined)}
      />
    </SettingsCard>
  );
}

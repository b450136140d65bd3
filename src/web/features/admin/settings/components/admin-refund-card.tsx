import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_REFUND_DEFAULT_REASON,
  ADMIN_REFUND_QUICK_PERCENTS,
  ADMIN_REFUND_REASONS,
  ADMIN_REFUND_REFERENCE_MESSAGE,
  ADMIN_REFUND_ZERO_MESSAGE,
  adminRefundCents,
  type AdminRefundLookup,
} from '@shared/admin-refunds';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { parsePercentField } from '@shared/refund-percent';
import { SettingsCard } from '@web/components/ui/settings-card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { formatPrice } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useAdminRefund, type AdminRefundInput } from '../api/admin-refund';
import { refundLookupQuery, refundReference } from '../api/lookup-refund-booking';
import { buyerLabel, REFUND_SUMMARY_TEXTS, RefundBookingSummary } from './refund-booking-summary';
import { serverMessage } from './server-message';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

// The card's texts. The spec's 'Bitte Booking-ID angeben', 'Fehler bei Refund' and 'Refund OK: {amount}
// {currency}' read in our words (docs/decisions/049-admin-screens-say-what-they-mean.md).
export const ADMIN_REFUND_TEXTS = {
  bookingId: ADMIN_REFUND_REFERENCE_MESSAGE,
  amount: 'Betrag ungültig',
  failed: 'Die Erstattung ist fehlgeschlagen.',
  otherReason: 'Bitte beschreibe den Grund.',
} as const;

/** The reason select's last choice: a reason in the admin's own words. */
export const OTHER_REASON = 'other';

/** 'Erstattung ausgelöst: 16,66 €', in the shop's one money format (as every screen writes euros). */
export const refundOkMessage = (amount: number, currency: string) =>
  `Erstattung ausgelöst: ${formatPrice(Math.round(amount * 100), currency)}`;

export interface RefundFormValues {
  bookingId: string;
  /** One of ADMIN_REFUND_REASONS' words, or OTHER_REASON. */
  reason: string;
  /** The reason in the admin's words when OTHER_REASON is chosen. */
  otherReason: string;
  /** Percent of the amount paid, 0..100, as typed. */
  percent: string;
  /** Euros as typed ('12,50' or '12.50'); when set it is sent instead of the percent. */
  amount: string;
}
type RefundErrors = Partial<Record<'bookingId' | 'reason' | 'percent' | 'amount', string>>;

/** '1.234,50' and '1234.50' alike; NaN for anything else. */
function parseEuros(text: string): number {
  const raw = text.trim();
  if (!/^[0-9.,+-]+$/.test(raw)) return Number.NaN;
  return Number(raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw);
}

/**
 * Booking id required; the percent clamped to 0..100 and sent as a fraction
 * (0 < p < 1 refused as ambiguous); an amount must be finite and not negative and is sent in cents
 * (docs/product/admin.md#admin-refund-amount, docs/product/tickets-and-refunds.md#percent-for-people).
 */
export function toRefundInput(values: RefundFormValues): { input?: AdminRefundInput; errors: RefundErrors } {
  const errors: RefundErrors = {};
  const bookingId = values.bookingId.trim();
  if (!bookingId) errors.bookingId = ADMIN_REFUND_TEXTS.bookingId;
  const other = values.reason === OTHER_REASON;
  const reason = (other ? values.otherReason : values.reason).trim();
  if (other && !reason) errors.reason = ADMIN_REFUND_TEXTS.otherReason;
  const base = { bookingId, reason: reason || ADMIN_REFUND_DEFAULT_REASON };
  let share: Pick<AdminRefundInput, 'percent' | 'amountCents'> = {};
  if (values.amount.trim()) {
    const euros = parseEuros(values.amount);
    if (!Number.isFinite(euros) || euros < 0) errors.amount = ADMIN_REFUND_TEXTS.amount;
    else if (Math.round(euros * 100) === 0) errors.amount = ADMIN_REFUND_ZERO_MESSAGE;
    else share = { amountCents: Math.round(euros * 100) };
  } else {
    const percent = values.percent.trim() ? Number(values.percent.replace(',', '.')) : Number.NaN;
    const parsed = parsePercentField(values.percent);
    if (!Number.isFinite(percent)) errors.percent = ADMIN_REFUND_TEXTS.amount;
    else if (percent <= 0) errors.percent = ADMIN_REFUND_ZERO_MESSAGE;
    // '0,5' meant half, not 0,5 % (docs/decisions/023-refund-percentages.md)
    else if (!parsed.ok) errors.percent = parsed.message;
    else share = { percent: parsed.fraction };
  }
  return Object.keys(errors).length > 0 ? { errors } : { input: { ...base, ...share }, errors };
}

const EMPTY: RefundFormValues = {
  bookingId: '',
  reason: ADMIN_REFUND_DEFAULT_REASON,
  otherReason: '',
  percent: '100',
  amount: '',
};

/** A refund the admin is asked to confirm: the request, the booking it goes to, the euros it gives back. */
interface PendingRefund {
  input: AdminRefundInput;
  booking: AdminRefundLookup;
  cents: number;
}

/** What the server would refuse, found before asking (the server checks again). */
function refundProblem(
  booking: AdminRefundLookup,
  input: AdminRefundInput,
  cents: number,
): RefundErrors | null {
  if (booking.refundableCents <= 0) return { bookingId: REFUND_SUMMARY_TEXTS.nothingPaid };
  const onField = (message: string): RefundErrors =>
    input.amountCents !== undefined ? { amount: message } : { percent: message };
  // a share is capped at what is left, so only an amount can be too much
  if (cents <= 0) return onField(ADMIN_REFUND_ZERO_MESSAGE);
  if (cents > booking.refundableCents)
    return onField(`Es sind nur noch ${formatPrice(booking.refundableCents, booking.currency)} erstattbar.`);
  return null;
}

const confirmQuestion = ({ cents, booking }: PendingRefund) =>
  `${formatPrice(cents, booking.currency)} erstatten?`;

/** docs/decisions/020-order-numbers.md: whom and what, before the admin confirms. */
function confirmDetails({ booking }: PendingRefund): string {
  const euros = (cents: number) => formatPrice(cents, booking.currency);
  return (
    `${ORDER_NUMBER_LABEL} ${booking.orderNumber} · ${buyerLabel(booking)} · „${booking.eventTitle}“. ` +
    `Bezahlt ${euros(booking.paidCents)}, bereits erstattet ${euros(booking.refundedCents)}. ` +
    'Das Geld geht sofort an den Zahlungsanbieter zurück; das kann nicht rückgängig gemacht werden.'
  );
}

/**
 * Admin Refund (docs/product/admin.md#admin-refund): money back on a booking without cancelling its tickets.
 * The server never refunds more than is left and names the rest when asked for more; the card asks once
 * before sending.
 */
export function AdminRefundCard() {
  const [values, setValues] = useState<RefundFormValues>(EMPTY);
  const [errors, setErrors] = useState<RefundErrors>({});
  const [pending, setPending] = useState<PendingRefund | null>(null);
  const [checking, setChecking] = useState(false);
  const refund = useAdminRefund();
  const queryClient = useQueryClient();
  // a field's error goes once it is edited: it no longer describes what is typed
  const set = (key: keyof RefundFormValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field = key === 'otherReason' ? 'reason' : key;
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field as keyof RefundErrors];
      return rest;
    });
  };
  const amountMode = values.amount.trim() !== '';

  const typed = toRefundInput(values).input ?? null;

  // the booking is looked up (again) before the question, so the question names what really happens
  const review = async () => {
    const { input, errors: found } = toRefundInput(values);
    setErrors(found);
    if (!input) return;
    const reference = refundReference(input.bookingId);
    if (!reference) return setErrors({ bookingId: REFUND_SUMMARY_TEXTS.notFound });
    setChecking(true);
    let booking: AdminRefundLookup;
    try {
      booking = await queryClient.fetchQuery(refundLookupQuery(reference));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        setErrors({ bookingId: REFUND_SUMMARY_TEXTS.notFound });
      else toast.error(ADMIN_REFUND_TEXTS.failed, { description: serverMessage(error) });
      return;
    } finally {
      setChecking(false);
    }
    const cents = adminRefundCents(booking, input);
    const problem = refundProblem(booking, input, cents);
    if (problem) return setErrors(problem);
    setPending({ input: { ...input, bookingId: booking.bookingId }, booking, cents });
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
    errors[key] ? <ErrorText id={`refund-${key}-error`}>{errors[key]}</ErrorText> : null;
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
          void review();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="refund-booking-id" className={labelClass}>
              {ORDER_NUMBER_LABEL} oder Booking-ID
            </label>
            <Input
              size="sm"
              id="refund-booking-id"
              value={values.bookingId}
              spellCheck={false}
              aria-required
              placeholder="z. B. WR-7K3Q9F"
              onChange={(event) => set('bookingId', event.target.value)}
              className="font-mono"
              {...invalid('bookingId')}
            />
            {fieldError('bookingId')}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="refund-reason" className={labelClass}>
              Grund
            </label>
            <Select
              size="sm"
              id="refund-reason"
              value={values.reason}
              onChange={(event) => set('reason', event.target.value)}
            >
              {Object.values(ADMIN_REFUND_REASONS).map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
              <option value={OTHER_REASON}>Anderer Grund …</option>
            </Select>
            {values.reason === OTHER_REASON && (
              <>
                <label htmlFor="refund-other-reason" className="sr-only">
                  Anderer Grund
                </label>
                <Input
                  size="sm"
                  id="refund-other-reason"
                  value={values.otherReason}
                  maxLength={500}
                  placeholder="Grund in eigenen Worten"
                  onChange={(event) => set('otherReason', event.target.value)}
                  {...invalid('reason')}
                />
              </>
            )}
            {fieldError('reason')}
          </div>
        </div>

        <RefundBookingSummary
          reference={refundReference(values.bookingId)}
          request={typed && { percent: typed.percent, amountCents: typed.amountCents }}
        />

        <fieldset className="flex flex-col gap-3">
          <legend className={`${labelClass} mb-1.5`}>Erstattung</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="refund-percent" className="text-sm">
                Prozent vom bezahlten Betrag
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  size="sm"
                  id="refund-percent"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="any"
                  value={values.percent}
                  disabled={amountMode}
                  onChange={(event) => set('percent', event.target.value)}
                  className="w-24"
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
            <Input
              size="sm"
              id="refund-amount"
              inputMode="decimal"
              placeholder="z. B. 12,50"
              value={values.amount}
              onChange={(event) => set('amount', event.target.value)}
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
          <Button type="submit" disabled={refund.isPending || checking}>
            {refund.isPending ? 'Wird erstattet …' : 'Erstattung auslösen'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmQuestion(pending) : ''}
        description={pending ? confirmDetails(pending) : undefined}
        confirmLabel="Erstatten"
        inlineActions
        onCancel={() => setPending(null)}
        onConfirm={() => (pending ? send(pending.input) : undefined)}
      />
    </SettingsCard>
  );
}

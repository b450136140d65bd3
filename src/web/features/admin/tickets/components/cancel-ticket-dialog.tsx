import { Fragment, useId, useState, type ReactNode } from 'react';
import {
  ADMIN_TICKET_MESSAGES,
  overrideRefundCents,
  type AdminCancelPreview,
  type AdminTicketRow,
  type RefundOverrideInput,
} from '@shared/admin-tickets';
import { FREE_TICKET_TEXTS, isFreeTicket } from '@shared/tickets';
import { Button } from '@web/components/ui/button';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { NumberField } from '@web/components/ui/number-field';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { formatPrice } from '@web/lib/format';
import { useCancelPreview } from '../api/get-cancel-preview';
import {
  INITIAL_CHOICE,
  overrideOf,
  policyLabel,
  timeLeftText,
  type RefundChoice,
  type RefundChoiceKind,
} from './refund-choice';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';

interface CancelProps {
  /** The dialog is open while this is not empty. */
  tickets: AdminTicketRow[];
  onClose: () => void;
  onConfirm: (override: RefundOverrideInput | null) => Promise<void>;
}

/**
 * 'Ticket stornieren' (docs/product/admin.md#admin-cancel-dialog): hours and approximate days left, a radio
 * list of the policy rule in effect, goodwill (100 %) and an override by percentage or fixed amount, the
 * refund it gives, then confirm. With several tickets (bulk) the same choice applies to each, without a
 * preview.
 */
export function CancelTicketDialog({ tickets, onClose, onConfirm }: CancelProps) {
  const open = tickets.length > 0;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      width="lg"
      title="Ticket stornieren"
      description={
        tickets.length === 1
          ? `Ticket ${tickets[0]!.code} · ${tickets[0]!.holderName || tickets[0]!.buyerEmail || 'Unbekannt'}`
          : `${tickets.length} Tickets ausgewählt; bereits stornierte werden übersprungen. Die Erstattung gilt je Ticket.`
      }
    >
      {/* remounted per opening, so every ticket starts from the policy choice */}
      {open && (
        <CancelForm
          key={tickets.map((t) => t.id).join()}
          tickets={tickets}
          onClose={onClose}
          onConfirm={onConfirm}
        />
      )}
    </FormDialog>
  );
}

/** The refund choices in the dialog's order; the policy's label comes from the preview. */
const CHOICES: {
  kind: RefundChoiceKind;
  label?: string;
  /** The choice's own input, shown while it is chosen. */
  entry?: { field: 'percent' | 'amount'; label: string; suffix: string };
}[] = [
  { kind: 'policy' },
  { kind: 'goodwill', label: 'Kulanz (100 %)' },
  {
    kind: 'percentage',
    label: 'Eigener Prozentsatz',
    entry: { field: 'percent', label: 'Prozent der Ticketsumme (0–100)', suffix: '%' },
  },
  {
    kind: 'fixed_amount',
    label: 'Fester Betrag',
    entry: { field: 'amount', label: 'Betrag in Euro', suffix: '€' },
  },
];

function CancelForm({ tickets, onClose, onConfirm }: CancelProps) {
  const single = tickets.length === 1 ? tickets[0]! : null;
  const preview = useCancelPreview(single?.id ?? null);
  const [choice, setChoice] = useState<RefundChoice>(INITIAL_CHOICE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const result = overrideOf(choice);
  const submit = async () => {
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(result.override);
    } finally {
      setBusy(false);
    }
  };

  if (single && preview.isPending) return <PageSpinner />;
  if (single && preview.isError) {
    return (
      <div className="mt-3 flex flex-col gap-4">
        <ErrorText>{preview.error.message || ADMIN_TICKET_MESSAGES.loadFailed}</ErrorText>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Schließen
          </Button>
        </div>
      </div>
    );
  }
  const data = single ? preview.data : undefined;
  const amountOf = (kind: RefundChoiceKind): number | null => {
    if (!data) return null;
    if (kind === 'policy') return data.refundCents;
    if (kind === 'goodwill') return data.goodwillCents;
    const own = overrideOf({ ...choice, kind });
    return own.ok && own.override
      ? overrideRefundCents(own.override, data.priceCents, data.refundableCents)
      : null;
  };
  const chosenAmount = amountOf(choice.kind);

  return (
    <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
      {data && <TermsSummary preview={data} />}
      {data && !data.cancellable ? (
        <ErrorText>Dieses Ticket wurde bereits storniert.</ErrorText>
      ) : data && isFreeTicket(data) ? (
        // a free ticket's one story, no tiers to choose from (docs/product/tickets-and-refunds.md#free-ticket-cancel)
        <p className="rounded-lg bg-muted px-3 py-2 text-sm">{FREE_TICKET_TEXTS.admin}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Erstattung</legend>
          {CHOICES.map(({ kind, label, entry }) => (
            <Fragment key={kind}>
              <Option
                kind={kind}
                choice={choice}
                setChoice={setChoice}
                amount={amountOf(kind)}
                currency={data?.currency}
              >
                {label ?? (data ? policyLabel(data) : 'Gemäß Richtlinie des Events')}
              </Option>
              {entry && choice.kind === kind && (
                <Field label={entry.label} compact className="ml-7">
                  <NumberField
                    size="sm"
                    suffix={entry.suffix}
                    value={choice[entry.field]}
                    aria-invalid={error !== null || undefined}
                    aria-describedby={error !== null ? errorId : undefined}
                    onChange={(event) => {
                      setChoice({ ...choice, [entry.field]: event.target.value });
                      setError(null);
                    }}
                    className="w-32"
                  />
                </Field>
              )}
            </Fragment>
          ))}
        </fieldset>
      )}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
      {data && data.cancellable && !isFreeTicket(data) && (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm" aria-live="polite">
          Erstattung:{' '}
          <strong>{chosenAmount === null ? '–' : formatPrice(chosenAmount, data.currency)}</strong>
        </p>
      )}
      <DialogActions
        onCancel={onClose}
        busy={busy}
        submitVariant="destructive"
        submitDisabled={data !== undefined && !data.cancellable}
        submitLabel="Stornieren"
        busyLabel="Bitte warten …"
      />
    </Form>
  );
}

function TermsSummary({ preview }: { preview: AdminCancelPreview }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border p-3 text-sm">
      <dt className="text-muted-foreground">Bis zum Beginn</dt>
      <dd>{timeLeftText(preview)}</dd>
      <dt className="text-muted-foreground">Ticketpreis</dt>
      <dd>{formatPrice(preview.priceCents, preview.currency)}</dd>
      <dt className="text-muted-foreground">Noch erstattbar</dt>
      <dd>{formatPrice(preview.refundableCents, preview.currency)} (Buchung gesamt)</dd>
    </dl>
  );
}

function Option({
  kind,
  choice,
  setChoice,
  amount,
  currency,
  children,
}: {
  kind: RefundChoiceKind;
  choice: RefundChoice;
  setChoice: (choice: RefundChoice) => void;
  amount: number | null;
  currency?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40">
      <input
        type="radio"
        name="refund-choice"
        value={kind}
        checked={choice.kind === kind}
        onChange={() => setChoice({ ...choice, kind })}
        className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
      />
      <span className="min-w-0 flex-1">{children}</span>
      {amount !== null && currency && (
        <span className="whitespace-nowrap font-medium tabular-nums">{formatPrice(amount, currency)}</span>
      )}
    </label>
  );
}

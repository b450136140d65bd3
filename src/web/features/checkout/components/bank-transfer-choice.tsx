import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { paymentDueAt } from '@shared/bank-transfer';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { ApiError } from '@web/lib/api-client';
import { formatDate, formatPrice } from '@web/lib/format';
import { useChooseBankTransfer } from '../api/choose-bank-transfer';

/**
 * The option 'Überweisung (Vorkasse)' of the payment step (docs/product/bank-transfer.md#offered): what it
 * means, then 'Per Überweisung bezahlen'. The server's answer (the instructions) replaces the payment step;
 * its 409 ('… nicht (mehr) möglich') stays here, and the card remains to choose.
 */
export function BankTransferChoice({
  booking,
  now,
  onChosen,
}: {
  booking: BookingView;
  now: Date;
  onChosen?: () => void;
}) {
  const choose = useChooseBankTransfer(booking.id);
  const [error, setError] = useState<string | null>(null);
  // the server's rule, shown beforehand: the earlier of 7 days from now and 7 days before the start
  const due = paymentDueAt(now, new Date(booking.event.startTime));

  const submit = () => {
    setError(null);
    return choose
      .mutateAsync()
      .then(() => onChosen?.())
      .catch((failure: unknown) =>
        setError(
          failure instanceof ApiError && failure.code !== 'unknown'
            ? failure.message
            : PAYMENT_MESSAGES.unexpected,
        ),
      );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm">
        <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
        <div>
          <p className="font-semibold">
            {formatPrice(booking.totalAmountCents, booking.currency)} bis {formatDate(due)} überweisen
          </p>
          <p className="mt-1 text-muted-foreground">
            Du bekommst gleich Kontodaten, Verwendungszweck und einen GiroCode für deine Banking-App. Deine
            Plätze bleiben bis dahin reserviert; die Tickets kommen, sobald das Geld da ist.
          </p>
        </div>
      </div>
      <div aria-live="assertive" className="text-sm">
        {error && <ErrorText boxed>{error}</ErrorText>}
      </div>
      <Button
        size="lg"
        className="self-start"
        disabled={choose.isPending}
        aria-busy={choose.isPending || undefined}
        onClick={() => void submit()}
      >
        {choose.isPending ? 'Wird vorbereitet …' : 'Per Überweisung bezahlen'}
      </Button>
    </div>
  );
}

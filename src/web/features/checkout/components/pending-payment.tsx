import type { BookingView } from '@shared/booking';
import { BankTransferInstructions } from '@web/components/bank-transfer/bank-transfer-instructions';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import type { BankTransferInstructions as Instructions } from '@shared/bank-transfer';
import { PaymentStep } from './payment-step';

/**
 * What a pending booking's page shows below the booking: the payment step, or — when the booking pays by
 * transfer (GET …/bank-transfer) — what to transfer (docs/product/bank-transfer.md#instructions).
 */
export function PendingPayment({
  booking,
  transfer,
  onProcessing,
  onBankTransferChosen,
  focusInstructions,
}: {
  booking: BookingView;
  transfer: { data: Instructions | null | undefined; isError: boolean; retry: () => void };
  onProcessing: () => void;
  onBankTransferChosen: () => void;
  focusInstructions: boolean;
}) {
  if (transfer.data) {
    return (
      <BankTransferInstructions
        instructions={transfer.data}
        title="Zahlung per Überweisung"
        focusOnMount={focusInstructions}
      />
    );
  }
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <h2 id="payment-heading" className="mb-4 text-lg font-semibold">
        Zahlung
      </h2>
      {transfer.data === null ? (
        <PaymentStep
          booking={booking}
          onProcessing={onProcessing}
          onBankTransferChosen={onBankTransferChosen}
        />
      ) : transfer.isError ? (
        // not knowing whether it pays by transfer, a card payment is not started
        <div role="alert" className="flex flex-col items-start gap-3 text-sm">
          <ErrorText alert={false} size="base">
            Die Zahlungsdaten konnten nicht geladen werden.
          </ErrorText>
          <Button variant="secondary" size="sm" onClick={transfer.retry}>
            Erneut versuchen
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Zahlung wird vorbereitet …
        </p>
      )}
    </section>
  );
}

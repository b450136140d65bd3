import { Link } from 'react-router';
import { BankTransferInstructions } from '@web/components/bank-transfer/bank-transfer-instructions';
import { useOpenBankTransfers } from '../api/get-open-bank-transfers';

const HEADING_ID = 'open-transfers-heading';

/**
 * 'Offene Überweisungen' in Meine Tickets (docs/product/bank-transfer.md#instructions): each booking that
 * waits for its money, with what to transfer. Nothing shows without one (nor when the list did not load: the
 * booking's own page and the mail carry the same details).
 */
export function OpenTransfersSection({ userId }: { userId: string }) {
  const { data } = useOpenBankTransfers(userId);
  const transfers = data?.transfers ?? [];
  if (transfers.length === 0) return null;
  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-3">
      <h2 id={HEADING_ID} className="text-lg font-semibold">
        Offene Überweisungen
      </h2>
      <ul className="flex flex-col gap-4">
        {transfers.map((transfer) => (
          <li key={transfer.bookingId} className="flex flex-col gap-2">
            <BankTransferInstructions instructions={transfer} title={transfer.eventTitle} headingLevel={3} />
            <Link
              to={`/booking/${encodeURIComponent(transfer.bookingId)}/success`}
              className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Buchung {transfer.orderNumber} ansehen
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatIban } from '@shared/bank-transfer';
import { type AdminTransferRefund } from '@shared/bank-statements';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatCount, formatDate, formatPrice } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { PAIN001_URL, useTransferRefunds } from '../api/get-transfer-refunds';
import { useMarkRefundsPaid } from '../api/mark-refunds-paid';
import { LoadState } from './load-state';
import { Cell, HeadRow, tableClass } from './table-cell';

const COLUMNS = ['Bestellung', 'Betrag', 'Kontoinhaber', 'IBAN', 'Datum'];
const HEADING_ID = 'open-refunds-heading';

const refundsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'Erstattung' : 'Erstattungen'}`;

/**
 * 'Offene Erstattungen' (docs/product/bank-transfer.md#refunds): money owed back for bookings paid by
 * transfer. Those with an IBAN leave as one pain.001 file for the shop's online banking and are then marked
 * paid; a refund without an IBAN is in neither.
 */
export function OpenRefundsSection() {
  const refunds = useTransferRefunds();
  const markPaid = useMarkRefundsPaid();
  const [confirming, setConfirming] = useState(false);
  const rows = refunds.data?.refunds ?? [];
  const payable = rows.filter((refund) => refund.payoutIban !== '');
  const missing = rows.length - payable.length;
  const currency = payable[0]?.currency ?? 'EUR';
  const payableCents = payable.reduce((sum, refund) => sum + refund.amountCents, 0);

  const confirmMarked = () =>
    markPaid
      .mutateAsync(payable.map((refund) => refund.refundId))
      .then(({ marked }) => toast.success(`${refundsText(marked)} als erstattet markiert.`))
      .catch((failure: unknown) =>
        toast.error(messageOf(failure, 'Die Erstattungen konnten nicht markiert werden.')),
      )
      .finally(() => setConfirming(false));

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={HEADING_ID} className="text-lg font-semibold">
          Offene Erstattungen
        </h2>
        {rows.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {payable.length > 0 ? (
              // the server names the file ('Erstattungen-JJJJ-MM-TT.xml')
              <a href={PAIN001_URL} download className={buttonClasses('secondary', 'sm')}>
                <Download className="h-4 w-4" aria-hidden />
                SEPA-Datei herunterladen
              </a>
            ) : (
              <Button size="sm" variant="secondary" disabled>
                <Download className="h-4 w-4" aria-hidden />
                SEPA-Datei herunterladen
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              disabled={payable.length === 0 || markPaid.isPending}
              onClick={() => setConfirming(true)}
            >
              Als erstattet markieren
            </Button>
          </div>
        )}
      </div>
      {missing > 0 && (
        <p className="text-sm text-muted-foreground">
          Ohne IBAN: {refundsText(missing)}. Diese fehlen in der SEPA-Datei und werden nicht als erstattet
          markiert.
        </p>
      )}
      <LoadState
        query={refunds}
        failedText="Die offenen Erstattungen konnten nicht geladen werden."
        emptyText="Keine offenen Erstattungen."
        isEmpty={rows.length === 0}
      >
        <div className={tableClass.frame}>
          <table className="block w-full text-left text-sm md:table md:min-w-[48rem]">
            <caption className="sr-only">Offene Erstattungen von Überweisungen</caption>
            <thead className={tableClass.head}>
              <HeadRow columns={COLUMNS} right={['Betrag']} />
            </thead>
            <tbody className={tableClass.body}>
              {rows.map((refund) => (
                <RefundRow key={refund.refundId} refund={refund} />
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      <ConfirmDialog
        open={confirming}
        title="Erstattungen als erledigt markieren?"
        description={
          <>
            <p>
              {refundsText(payable.length)} mit IBAN über zusammen {formatPrice(payableCents, currency)}{' '}
              gelten dann als erstattet.
            </p>
            <p>Tu das erst, wenn du die SEPA-Datei in deinem Online-Banking ausgeführt hast.</p>
            <p>Das wird mit deinem Namen protokolliert.</p>
          </>
        }
        confirmLabel="Als erstattet markieren"
        busyLabel="Wird markiert …"
        onCancel={() => setConfirming(false)}
        onConfirm={confirmMarked}
      />
    </section>
  );
}

function RefundRow({ refund }: { refund: AdminTransferRefund }) {
  return (
    <tr data-refund-id={refund.refundId} className={tableClass.row}>
      <Cell label="Bestellung" className="whitespace-nowrap font-mono">
        {refund.orderNumber}
      </Cell>
      <Cell label="Betrag" className="whitespace-nowrap font-medium tabular-nums md:text-right">
        {formatPrice(refund.amountCents, refund.currency)}
        {refund.kind === 'excess' && (
          <span className="ml-2 align-middle">
            <Badge tone="warning">Überzahlung</Badge>
          </span>
        )}
      </Cell>
      <Cell label="Kontoinhaber" className="break-words">
        {refund.payoutName || '–'}
      </Cell>
      <Cell label="IBAN" className="whitespace-nowrap font-mono">
        {refund.payoutIban ? formatIban(refund.payoutIban) : <Badge tone="warning">IBAN fehlt</Badge>}
      </Cell>
      <Cell label="Datum" className="whitespace-nowrap tabular-nums">
        {formatDate(refund.createdAt)}
      </Cell>
    </tr>
  );
}

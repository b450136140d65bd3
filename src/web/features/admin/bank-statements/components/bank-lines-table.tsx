import { formatIban } from '@shared/bank-transfer';
import {
  BANK_LINE_STATUS_LABELS,
  type AdminBankLine,
  type AdminBankLineStatus,
} from '@shared/bank-statements';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatIsoDay, formatPrice } from '@web/lib/format';
import { AssignLineForm } from './assign-line-form';
import { Cell, HeadRow, tableClass } from './table-cell';

const TONES: Record<AdminBankLineStatus, BadgeTone> = {
  matched: 'success',
  partial: 'warning',
  overpaid: 'warning',
  unmatched: 'destructive',
  ignored: 'neutral',
};

const COLUMNS = ['Datum', 'Betrag', 'Auftraggeber', 'Verwendungszweck', 'Status', 'Buchung'];

/**
 * The statement lines (docs/product/bank-transfer.md#matching), newest first: a table on wide screens; on
 * phones each row is a card with its labels (one markup, so nothing is said twice to a screen reader).
 */
export function BankLinesTable({ lines }: { lines: AdminBankLine[] }) {
  return (
    <div className={tableClass.frame}>
      <table className="block w-full text-left text-sm md:table md:min-w-[56rem]">
        <caption className="sr-only">Zeilen der Kontoauszüge</caption>
        <thead className={tableClass.head}>
          <HeadRow columns={COLUMNS} right={['Betrag']} />
        </thead>
        <tbody className={tableClass.body}>
          {lines.map((line) => (
            <LineRow key={line.id} line={line} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineRow({ line }: { line: AdminBankLine }) {
  return (
    <tr data-line-id={line.id} className={tableClass.row}>
      <Cell label="Datum" className="whitespace-nowrap tabular-nums">
        {formatIsoDay(line.bookedOn)}
      </Cell>
      <Cell label="Betrag" className="whitespace-nowrap font-medium tabular-nums md:text-right">
        {formatPrice(line.amountCents, line.currency)}
        {line.excessCents > 0 && (
          <span className="block text-xs font-normal text-muted-foreground">
            davon zu viel {formatPrice(line.excessCents, line.currency)}
          </span>
        )}
      </Cell>
      <Cell label="Auftraggeber">
        <span className="block break-words">{line.counterpartyName || '–'}</span>
        {line.counterpartyIban && (
          <span className="block whitespace-nowrap font-mono text-xs text-muted-foreground">
            {formatIban(line.counterpartyIban)}
          </span>
        )}
      </Cell>
      <Cell label="Verwendungszweck" className="break-words md:max-w-[18rem]">
        {line.remittance || '–'}
      </Cell>
      <Cell label="Status">
        <Badge tone={TONES[line.status]}>{BANK_LINE_STATUS_LABELS[line.status]}</Badge>
      </Cell>
      <Cell label="Buchung">
        {line.bookings.length > 0 && (
          <ul className="flex flex-col gap-0.5">
            {line.bookings.map((booking) => (
              <li key={booking.bookingId} className="whitespace-nowrap">
                <span className="font-mono">{booking.orderNumber}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  {formatPrice(booking.amountCents, line.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {/* a line no booking can take says why (docs/product/bank-transfer.md#currency) */}
        {line.reason && <p className="text-xs text-muted-foreground">{line.reason}</p>}
        {line.status === 'unmatched' && !line.reason && <AssignLineForm lineId={line.id} />}
        {line.bookings.length === 0 && line.status !== 'unmatched' && '–'}
      </Cell>
    </tr>
  );
}

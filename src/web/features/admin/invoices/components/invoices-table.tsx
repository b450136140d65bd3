import type { AdminInvoiceRow } from '@shared/invoices';
import { formatIsoDay, formatPrice } from '@web/lib/format';
import { invoicePdfFileName, invoicePdfUrl } from '@web/lib/invoice-pdf';
import { AdminTable } from '@web/features/admin/kit/admin-table';

/** 'Rechnung', or 'Storno zu RE-2026-00001' for a cancellation invoice. */
export const invoiceKindText = (row: AdminInvoiceRow) =>
  row.kind === 'cancellation' ? `Storno zu ${row.correctsNumber ?? '–'}` : 'Rechnung';

const COLUMNS = ['Nummer', 'Datum', 'Art', 'Käufer', 'Event', 'Netto', 'USt', 'Brutto', 'Beleg'];
const AMOUNT_COLUMNS = new Set(['Netto', 'USt', 'Brutto']);

/**
 * The invoices and cancellation invoices, newest first; on phones the table scrolls sideways, the number
 * stays the row's header.
 */
export function InvoicesTable({ invoices }: { invoices: AdminInvoiceRow[] }) {
  return (
    <AdminTable caption="Rechnungen" columns={COLUMNS} minWidth="min-w-[60rem]" rightAligned={AMOUNT_COLUMNS}>
      {invoices.map((row) => (
        <tr key={row.id} data-invoice-id={row.id} className="border-b border-border last:border-b-0">
          <th scope="row" className="whitespace-nowrap px-3 py-3 align-top font-medium">
            <span className="font-mono">{row.number}</span>
            <span className="block text-xs font-normal text-muted-foreground">{row.orderNumber}</span>
          </th>
          <td className="whitespace-nowrap px-3 py-3 align-top tabular-nums">
            {formatIsoDay(row.issueDate)}
          </td>
          <td className="px-3 py-3 align-top">{invoiceKindText(row)}</td>
          <td className="px-3 py-3 align-top">
            <span className="block break-words">{row.buyerName}</span>
            <span className="block whitespace-nowrap text-xs text-muted-foreground">{row.buyerEmail}</span>
          </td>
          <td className="px-3 py-3 align-top break-words">{row.eventTitle}</td>
          <Amount cents={row.netCents} currency={row.currency} />
          <Amount cents={row.taxCents} currency={row.currency} />
          <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums font-medium">
            {formatPrice(row.grossCents, row.currency)}
            {row.refundedCents > 0 && (
              <span className="block text-xs font-normal text-muted-foreground">
                davon storniert {formatPrice(row.refundedCents, row.currency)}
              </span>
            )}
          </td>
          <td className="px-3 py-3 align-top">
            <a
              href={invoicePdfUrl(row.id)}
              download={invoicePdfFileName(row.number)}
              aria-label={`PDF ${row.number}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              PDF
            </a>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function Amount({ cents, currency }: { cents: number; currency: string }) {
  return (
    <td className="whitespace-nowrap px-3 py-3 text-right align-top tabular-nums">
      {formatPrice(cents, currency)}
    </td>
  );
}

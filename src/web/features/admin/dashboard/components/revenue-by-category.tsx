import type { ReactNode } from 'react';
import type { CategoryRevenueFigure, CodeRevenueFigure } from '@shared/admin-dashboard';
import { formatPrice } from '@web/lib/format';
import { DashboardPanel } from './dashboard-panel';

interface Column<T> {
  label: string;
  cell: (figure: T) => ReactNode;
  numeric?: boolean;
}

function FigureTable<T>({
  caption,
  figures,
  rowKey,
  rowLabel,
  columns,
}: {
  caption: string;
  figures: T[];
  rowKey: (figure: T) => string;
  rowLabel: { label: string; cell: (figure: T) => ReactNode };
  columns: Column<T>[];
}) {
  return (
    // focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {rowLabel.label}
            </th>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`py-1 pl-3 font-medium ${column.numeric ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {figures.map((figure) => (
            <tr key={rowKey(figure)}>
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {rowLabel.cell(figure)}
              </th>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={`py-1.5 pl-3 ${column.numeric ? 'text-right tabular-nums whitespace-nowrap' : ''}`}
                >
                  {column.cell(figure)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const money =
  <T extends { currency: string }>(pick: (figure: T) => number) =>
  (figure: T) =>
    formatPrice(pick(figure), figure.currency);

const CATEGORY_TABLE = {
  rowKey: (f: CategoryRevenueFigure) => `${f.eventId}-${f.categoryName}-${f.currency}`,
  rowLabel: {
    label: 'Ticketart',
    cell: (f: CategoryRevenueFigure) => (
      <>
        <span className="font-medium">{f.categoryName}</span>
        <span className="block text-xs text-muted-foreground">{f.eventTitle}</span>
      </>
    ),
  },
  columns: [
    { label: 'Tickets', cell: (f: CategoryRevenueFigure) => f.ticketsSold, numeric: true },
    { label: 'Bezahlt', cell: money((f: CategoryRevenueFigure) => f.paidCents), numeric: true },
    { label: 'Erstattet', cell: money((f: CategoryRevenueFigure) => f.refundedCents), numeric: true },
    { label: 'Umsatz', cell: money((f: CategoryRevenueFigure) => f.netCents), numeric: true },
  ],
};

const CODE_TABLE = {
  rowKey: (f: CodeRevenueFigure) => `${f.code}-${f.currency}`,
  rowLabel: {
    label: 'Gutscheincode',
    cell: (f: CodeRevenueFigure) => <span className="font-mono">{f.code}</span>,
  },
  columns: [
    { label: 'Einlösungen', cell: (f: CodeRevenueFigure) => f.uses, numeric: true },
    { label: 'Rabatt', cell: money((f: CodeRevenueFigure) => f.discountCents), numeric: true },
    { label: 'Umsatz', cell: money((f: CodeRevenueFigure) => f.netCents), numeric: true },
  ],
};

/**
 * 'Umsatz nach Ticketart' (docs/product/ticket-categories.md#invoice-lines): what each category's tickets
 * were paid (after discounts), minus their refunds; test payments in their own table.
 */
export function RevenueByCategory({
  figures,
}: {
  figures: { live: CategoryRevenueFigure[]; test: CategoryRevenueFigure[] };
}) {
  return (
    <DashboardPanel
      id="revenue-by-category"
      title="Umsatz nach Ticketart"
      empty={figures.live.length === 0 && figures.test.length === 0 ? 'Noch keine bezahlten Tickets.' : null}
    >
      <p className="text-sm text-muted-foreground">
        Bezahlte Ticketpreise nach Rabatt, abzüglich der Erstattungen dieser Tickets.
      </p>
      {figures.live.length > 0 ? (
        <FigureTable caption="Umsatz nach Ticketart" figures={figures.live} {...CATEGORY_TABLE} />
      ) : (
        <p className="text-sm text-muted-foreground">Noch keine echten Zahlungen.</p>
      )}
      {figures.test.length > 0 && (
        <>
          <h3 className="text-sm font-medium text-muted-foreground">Testzahlungen (nicht enthalten)</h3>
          <FigureTable caption="Testzahlungen nach Ticketart" figures={figures.test} {...CATEGORY_TABLE} />
        </>
      )}
    </DashboardPanel>
  );
}

/**
 * 'Umsatz nach Gutscheincode' (docs/product/ticket-categories.md#codes): bookings that reached confirmation
 * with each code, the discount given and what they paid minus refunds.
 */
export function RevenueByCode({
  figures,
}: {
  figures: { live: CodeRevenueFigure[]; test: CodeRevenueFigure[] };
}) {
  return (
    <DashboardPanel
      id="revenue-by-code"
      title="Umsatz nach Gutscheincode"
      empty={
        figures.live.length === 0 && figures.test.length === 0
          ? 'Noch keine Buchung mit Gutscheincode.'
          : null
      }
    >
      <p className="text-sm text-muted-foreground">
        Bestätigte Buchungen mit Code, der gewährte Rabatt und was sie bezahlt haben, abzüglich Erstattungen.
      </p>
      {figures.live.length > 0 ? (
        <FigureTable caption="Umsatz nach Gutscheincode" figures={figures.live} {...CODE_TABLE} />
      ) : (
        <p className="text-sm text-muted-foreground">Noch keine echten Zahlungen.</p>
      )}
      {figures.test.length > 0 && (
        <>
          <h3 className="text-sm font-medium text-muted-foreground">Testzahlungen (nicht enthalten)</h3>
          <FigureTable caption="Testzahlungen nach Gutscheincode" figures={figures.test} {...CODE_TABLE} />
        </>
      )}
    </DashboardPanel>
  );
}

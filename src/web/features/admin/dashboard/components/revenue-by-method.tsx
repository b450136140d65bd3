import type { MethodRevenueFigure } from '@shared/admin-dashboard';
import { formatPrice } from '@web/lib/format';
import { DashboardPanel } from './dashboard-panel';

function MethodTable({ caption, figures }: { caption: string; figures: MethodRevenueFigure[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Zahlungsart
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Bezahlt
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {figures.map((figure) => (
          <tr key={`${figure.currency}-${figure.method}`}>
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              {figure.method}
            </th>
            <td className="py-1.5 text-right tabular-nums">
              {formatPrice(figure.paidCents, figure.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 'Umsatz nach Zahlungsart' (docs/product/payments.md#method-names): what was paid with each method, since the
 * start, before refunds; test payments in their own table, as in the revenue card.
 */
export function RevenueByMethod({
  figures,
}: {
  figures: { live: MethodRevenueFigure[]; test: MethodRevenueFigure[] };
}) {
  return (
    <DashboardPanel
      id="revenue-by-method"
      title="Umsatz nach Zahlungsart"
      empty={figures.live.length === 0 && figures.test.length === 0 ? 'Noch keine Zahlungen.' : null}
    >
      <p className="text-sm text-muted-foreground">
        Bezahlte Beträge seit Beginn, vor Erstattungen; zurückgebuchte Lastschriften zählen nicht.
      </p>
      {figures.live.length > 0 ? (
        <MethodTable caption="Umsatz nach Zahlungsart" figures={figures.live} />
      ) : (
        <p className="text-sm text-muted-foreground">Noch keine echten Zahlungen.</p>
      )}
      {figures.test.length > 0 && (
        <>
          <h3 className="text-sm font-medium text-muted-foreground">Testzahlungen (nicht enthalten)</h3>
          <MethodTable caption="Testzahlungen nach Zahlungsart" figures={figures.test} />
        </>
      )}
    </DashboardPanel>
  );
}

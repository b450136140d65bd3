import { CalendarDays, Euro, Percent, Ticket, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminDashboard, RevenueFigure } from '@shared/admin-dashboard';
import { EVENT_STATUSES, EVENT_STATUS_LABELS } from '@shared/admin-events';
import { formatCount, formatPercent, formatPrice } from '@web/lib/format';

function FigureCard(props: {
  id: string;
  title: string;
  icon: LucideIcon;
  value: string;
  children: ReactNode;
}) {
  const { id, title, icon: Icon, value, children } = props;
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-card p-5 text-card-foreground"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <Icon className="h-4 w-4 text-muted-foreground" aria-hidden />
      </div>
      <p className="text-3xl font-semibold tracking-tight tabular-nums">{value}</p>
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">{children}</div>
    </section>
  );
}

/** '137,00 € · 25,00 $': every currency that had money; zero euros when nothing was paid yet. */
const money = (figures: RevenueFigure[], pick: (figure: RevenueFigure) => number = (f) => f.netCents) =>
  figures.length === 0
    ? formatPrice(0)
    : figures.map((figure) => formatPrice(pick(figure), figure.currency)).join(' · ');

/**
 * The four figures of the dashboard, with real values and what they are made of
 * (docs/product/admin.md#dashboard-figures).
 */
export function FigureCards({ data }: { data: AdminDashboard }) {
  const { events, bookings, revenue, conversion, windowDays } = data;
  const refunded = revenue.live.total.some((figure) => figure.refundedCents > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <FigureCard
        id="figure-events"
        title="Aktive Events"
        icon={CalendarDays}
        value={formatCount(events.active)}
      >
        <p>veröffentlicht und bevorstehend, von {formatCount(events.total)} Events</p>
        <ul aria-label="Events nach Status" className="flex flex-wrap gap-x-3 gap-y-1">
          {EVENT_STATUSES.map((status) => (
            <li key={status}>
              {EVENT_STATUS_LABELS[status]}:{' '}
              <span className="font-medium text-card-foreground tabular-nums">
                {formatCount(events.byStatus[status])}
              </span>
            </li>
          ))}
        </ul>
      </FigureCard>

      <FigureCard
        id="figure-bookings"
        title="Gesamte Buchungen"
        icon={Ticket}
        value={formatCount(bookings.confirmedTotal)}
      >
        <p>
          bestätigt, davon {formatCount(bookings.confirmedLastDays)} in den letzten {windowDays} Tagen
        </p>
        <p>
          Verkaufte Tickets:{' '}
          <span className="font-medium text-card-foreground tabular-nums">
            {formatCount(bookings.ticketsSoldTotal)}
          </span>{' '}
          ({formatCount(bookings.ticketsSoldLastDays)} in {windowDays} Tagen)
        </p>
      </FigureCard>

      <FigureCard id="figure-revenue" title="Umsatz" icon={Euro} value={money(revenue.live.total)}>
        <p>
          Letzte {windowDays} Tage:{' '}
          <span className="font-medium text-card-foreground tabular-nums">
            {money(revenue.live.lastDays)}
          </span>
        </p>
        <p>
          {refunded
            ? `nach Abzug von ${money(revenue.live.total, (figure) => figure.refundedCents)} Erstattungen`
            : 'Erstattungen sind abgezogen'}
        </p>
        {revenue.test.total.length > 0 && <p>Testzahlungen (nicht enthalten): {money(revenue.test.total)}</p>}
      </FigureCard>

      <FigureCard
        id="figure-conversion"
        title="Conversion Rate"
        icon={Percent}
        value={conversion.rate === null ? '–' : formatPercent(conversion.rate)}
      >
        <p>
          {conversion.started === 0
            ? `Keine Checkouts in den letzten ${windowDays} Tagen`
            : `${formatCount(conversion.confirmed)} von ${formatCount(conversion.started)} begonnenen Checkouts bestätigt (letzte ${windowDays} Tage)`}
        </p>
      </FigureCard>
    </div>
  );
}

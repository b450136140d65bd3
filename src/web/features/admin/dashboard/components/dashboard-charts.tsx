import type { DashboardStats } from '@shared/event-stats';
import { checkInsSummary, dashboardSalesSummary } from '@web/components/charts/chart-text';
import { CheckInChart } from '@web/components/charts/check-in-chart';
import { SalesChart } from '@web/components/charts/sales-chart';
import { ErrorText } from '@web/components/ui/error-text';
import { formatCount, formatDate, formatPercent } from '@web/lib/format';
import { useDashboardStats } from '../api/get-dashboard-stats';

const card = 'flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 text-card-foreground sm:p-6';

/**
 * The dashboard's charts (docs/product/charts.md#dashboard-charts): the shop's last 30 days per day, with the
 * seats of the events to come against their capacity in the summary, and the door of the events that ended last.
 */
export function DashboardCharts() {
  const stats = useDashboardStats();
  if (stats.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Diagramme werden geladen …
      </p>
    );
  }
  if (stats.isError) {
    return <ErrorText>{stats.error.message || 'Die Diagramme konnten nicht geladen werden.'}</ErrorText>;
  }
  return <DashboardChartCards stats={stats.data} />;
}

export function DashboardChartCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 xl:grid-cols-3">
      <div className={`${card} gap-5 xl:col-span-2`}>
        <SalesChart
          title="Buchungen und Umsatz pro Tag"
          summary={dashboardSalesSummary(stats)}
          days={stats.days}
          marks={stats.marks}
          today={stats.today}
          currency={stats.currency}
        />
        <UpcomingCapacity capacity={stats.capacity} />
      </div>
      <div className={card}>
        <CheckInChart
          title="Check-in vergangener Events"
          summary={checkInsSummary(stats.checkIns)}
          rows={stats.checkIns.map((row) => ({
            key: row.eventId,
            label: `${row.title} · ${formatDate(row.startTime, row.timezone)}`,
            figures: row,
          }))}
        />
      </div>
    </div>
  );
}

/**
 * The seats of the published events to come against their capacity, as a bar (docs/product/charts.md#dashboard-charts);
 * the words beside it say the same, so the bar itself is not read out.
 */
function UpcomingCapacity({ capacity }: { capacity: DashboardStats['capacity'] }) {
  if (capacity.events === 0 || capacity.totalSeats === 0) return null;
  const share = Math.min(1, capacity.soldSeats / capacity.totalSeats);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm">
        <span className="font-medium">Auslastung der kommenden Events:</span>{' '}
        <span className="tabular-nums">
          {`${formatCount(capacity.soldSeats)} von ${formatCount(capacity.totalSeats)} Plätzen verkauft ` +
            `(${formatPercent(share)}), ${formatCount(capacity.events)} ${capacity.events === 1 ? 'Event' : 'Events'}`}
        </span>
      </p>
      <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

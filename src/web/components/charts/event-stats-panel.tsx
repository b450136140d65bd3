import { ErrorText } from '@web/components/ui/error-text';
import { useEventStats } from '@web/lib/event-stats/get-event-stats';
import { checkInSummary, eventSalesSummary } from './chart-text';
import { CheckInChart } from './check-in-chart';
import { SalesChart } from './sales-chart';

/**
 * An event's charts (docs/product/charts.md#event-chart): bookings and revenue per day against its capacity and,
 * from its start on, the door. The same card on the admin's event page and under the event in the organizer's
 * list.
 */
export function EventStatsPanel({ eventId, level = 2 }: { eventId: string; level?: 2 | 3 | 4 }) {
  const stats = useEventStats(eventId);
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
  const data = stats.data;
  return (
    <div className="flex min-w-0 flex-col gap-6 rounded-2xl border border-border bg-card p-4 text-card-foreground sm:p-6">
      <SalesChart
        title="Buchungen und Umsatz pro Tag"
        summary={eventSalesSummary(data)}
        level={level}
        days={data.days}
        marks={data.marks}
        today={data.today}
        currency={data.currency}
        capacity={{ seats: data.capacity, seatsBefore: data.seatsBefore }}
        startDay={data.startDay}
      />
      {data.checkIn && (
        <CheckInChart
          title={data.checkIn.ended ? 'Check-in und No-Shows' : 'Check-in bisher'}
          summary={checkInSummary(data.checkIn)}
          rows={[{ key: data.eventId, figures: data.checkIn }]}
          level={level}
        />
      )}
    </div>
  );
}

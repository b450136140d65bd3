import { useId } from 'react';
import type { StatsDay, StatsMark } from '@shared/event-stats';
import { formatCount, formatPrice } from '@web/lib/format';
import { groupMarks } from './chart-scale';
import { formatChartDay, soldSeatsByDay } from './chart-text';
import { DailyChart, type DailyChartProps } from './daily-chart';

// One chart of bookings and revenue per day with everything beside it (docs/product/charts.md#text-and-table):
// the heading that names the picture, the text summary that describes it, a legend, the numbered marks spelled
// out, and the same numbers as a table for whoever does not see the picture.

export interface SalesChartProps extends Omit<DailyChartProps, 'labelledBy' | 'describedBy'> {
  title: string;
  summary: string;
  /** The heading's level: 2 on the dashboard and the event's page, 4 under an event in the organizer's list. */
  level?: 2 | 3 | 4;
}

export function SalesChart(props: SalesChartProps) {
  const { title, summary, level = 2, ...chart } = props;
  const id = useId();
  const Heading = `h${level}` as const;
  const hasTest = chart.days.some((day) => day.testRevenueCents !== 0);
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <Heading id={`${id}-title`} className="text-lg font-semibold tracking-tight">
        {title}
      </Heading>
      <p id={`${id}-summary`} className="text-sm text-muted-foreground">
        {summary}
      </p>
      {chart.days.length > 0 && (
        <>
          <DailyChart {...chart} labelledBy={`${id}-title`} describedBy={`${id}-summary`} />
          <Legend capacity={chart.capacity !== undefined} test={hasTest} marks={chart.marks} />
          <MarkList marks={chart.marks} />
          <SalesTable {...chart} hasTest={hasTest} />
        </>
      )}
    </section>
  );
}

function Swatch({ className, line }: { className: string; line?: 'solid' | 'dashed' }) {
  return line ? (
    <svg width="18" height="10" aria-hidden className="shrink-0">
      <line
        x1="0"
        x2="18"
        y1="5"
        y2="5"
        strokeWidth={line === 'solid' ? 2.5 : 2}
        strokeDasharray={line === 'dashed' ? '4 3' : undefined}
        className={className}
      />
    </svg>
  ) : (
    <span aria-hidden className={`inline-block h-2.5 w-2.5 shrink-0 rounded-sm ${className}`} />
  );
}

function Legend({ capacity, test, marks }: { capacity: boolean; test: boolean; marks: StatsMark[] }) {
  const items: [React.ReactNode, string][] = [
    [<Swatch key="b" className="bg-primary opacity-70" />, 'Gebuchte Plätze pro Tag'],
  ];
  if (capacity) {
    items.push([<Swatch key="s" className="stroke-foreground" line="solid" />, 'Verkaufte Plätze insgesamt']);
    items.push([<Swatch key="c" className="stroke-destructive" line="dashed" />, 'Kapazität']);
  }
  items.push([<Swatch key="m" className="bg-warning" />, 'Umsatz pro Tag']);
  if (test) items.push([<Swatch key="t" className="bg-warning opacity-40" />, 'Testzahlungen']);
  if (marks.some((mark) => mark.kind === 'early-bird-end')) {
    items.push([<Swatch key="e" className="stroke-warning" line="dashed" />, 'Frühbucherpreis endet']);
  }
  if (marks.some((mark) => mark.kind === 'mail')) {
    items.push([<Swatch key="x" className="stroke-muted-foreground" line="dashed" />, 'Mails verschickt']);
  }
  return (
    <ul aria-label="Legende" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {items.map(([swatch, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          {swatch}
          {label}
        </li>
      ))}
    </ul>
  );
}

/** The numbers on the chart's marks, spelled out. */
function MarkList({ marks }: { marks: StatsMark[] }) {
  const groups = groupMarks(marks);
  if (groups.length === 0) return null;
  return (
    <ol aria-label="Markierungen im Diagramm" className="flex flex-col gap-1 text-sm">
      {groups.map((group) => (
        <li key={group.day} className="flex gap-2">
          <span
            aria-hidden
            className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold"
          >
            {group.number}
          </span>
          <span>
            <span className="font-medium">{formatChartDay(group.day)}:</span>{' '}
            {group.marks.map(markText).join('; ')}
          </span>
        </li>
      ))}
    </ol>
  );
}

const markText = (mark: StatsMark) =>
  mark.kind === 'mail'
    ? `${mark.label} (${formatCount(mark.count)} ${mark.count === 1 ? 'Mail' : 'Mails'})`
    : mark.label;

/**
 * The chart's numbers as a table: every day with a booking, money or a mark (the others are zeros); with the
 * capacity also the seats sold at the day's end.
 */
function SalesTable(props: Omit<DailyChartProps, 'labelledBy' | 'describedBy'> & { hasTest: boolean }) {
  const { days, marks, currency, capacity, hasTest } = props;
  const sold = capacity ? soldSeatsByDay(days, capacity.seatsBefore) : [];
  const marksOf = new Map(groupMarks(marks).map((group) => [group.day, group.marks]));
  const rows = days
    .map((day, index) => ({ day, sold: sold[index], marks: marksOf.get(day.day) ?? [] }))
    .filter(({ day, marks: dayMarks }) => hasFacts(day) || dayMarks.length > 0);
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
        Als Tabelle anzeigen
      </summary>
      <p className="mt-2 text-xs text-muted-foreground">
        Tage ohne Buchung, Umsatz oder Markierung sind ausgelassen.
      </p>
      {/* scrolls sideways on a phone: focusable, so the keyboard can scroll it too */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Tabelle: Buchungen und Umsatz pro Tag"
        className="mt-2 overflow-x-auto"
      >
        <table className="w-full min-w-[32rem] text-left tabular-nums">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Tag
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Buchungen
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Plätze gebucht
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                storniert
              </th>
              {capacity && (
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  verkauft von {formatCount(capacity.seats)}
                </th>
              )}
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Umsatz
              </th>
              {hasTest && (
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Testzahlungen
                </th>
              )}
              <th scope="col" className="py-1 font-medium">
                Markierung
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map(({ day, sold: soldSeats, marks: dayMarks }) => (
              <tr key={day.day}>
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  {formatChartDay(day.day)}
                </th>
                <td className="py-1 pr-3 text-right">{formatCount(day.bookings)}</td>
                <td className="py-1 pr-3 text-right">{formatCount(day.seatsBooked)}</td>
                <td className="py-1 pr-3 text-right">{formatCount(day.seatsCancelled)}</td>
                {capacity && <td className="py-1 pr-3 text-right">{formatCount(soldSeats ?? 0)}</td>}
                <td className="py-1 pr-3 text-right whitespace-nowrap">
                  {formatPrice(day.revenueCents, currency)}
                </td>
                {hasTest && (
                  <td className="py-1 pr-3 text-right whitespace-nowrap">
                    {formatPrice(day.testRevenueCents, currency)}
                  </td>
                )}
                <td className="py-1">{dayMarks.map(markText).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const hasFacts = (day: StatsDay) =>
  day.bookings !== 0 ||
  day.seatsBooked !== 0 ||
  day.seatsCancelled !== 0 ||
  day.revenueCents !== 0 ||
  day.testRevenueCents !== 0;

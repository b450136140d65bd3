import { useId } from 'react';
import type { CheckInFigures } from '@shared/event-stats';
import { formatCount, formatPercent } from '@web/lib/format';
import { checkInRate, checkInSummary } from './chart-text';

// The door after the start (docs/product/charts.md#check-in): per event a bar of the tickets checked in and
// those not (after the end: the no-shows), each bar a role="img" that speaks its summary, the figures as a table
// beside them. An event where nobody was scanned had no door check-in (decision 067): its bar stays grey.

export interface CheckInRow {
  key: string;
  /** The event's name and date on the dashboard; none on the event's own page. */
  label?: string;
  figures: CheckInFigures;
}

export function CheckInChart(props: {
  title: string;
  summary: string;
  rows: CheckInRow[];
  level?: 2 | 3 | 4;
}) {
  const { title, summary, rows, level = 2 } = props;
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <Heading id={`${id}-title`} className="text-lg font-semibold tracking-tight">
        {title}
      </Heading>
      <p className="text-sm text-muted-foreground">{summary}</p>
      {rows.length > 0 && (
        <>
          <ul className="flex flex-col gap-3">
            {rows.map((row) => (
              <li key={row.key} className="flex flex-col gap-1">
                {row.label && <span className="text-sm font-medium break-words">{row.label}</span>}
                <CheckInBar figures={row.figures} />
              </li>
            ))}
          </ul>
          <ul aria-label="Legende" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm bg-success" />
              Eingecheckt
            </li>
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm bg-destructive opacity-70" />
              Nicht erschienen
            </li>
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block h-2.5 w-2.5 rounded-sm bg-muted-foreground opacity-40"
              />
              Noch erwartet oder ohne Check-in an der Tür
            </li>
          </ul>
          <CheckInTable rows={rows} />
        </>
      )}
    </section>
  );
}

function CheckInBar({ figures }: { figures: CheckInFigures }) {
  const { tickets, checkedIn, notCheckedIn } = figures;
  const total = Math.max(tickets, 1);
  const inWidth = (checkedIn / total) * 100;
  const rate = checkInRate(figures);
  const missingClass =
    figures.ended && rate !== null ? 'fill-destructive opacity-70' : 'fill-muted-foreground opacity-40';
  return (
    <div className="flex items-center gap-3">
      <svg
        role="img"
        aria-label={checkInSummary(figures)}
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        className="h-4 min-w-0 flex-1 overflow-hidden rounded-sm"
      >
        <rect x="0" y="0" width="100" height="10" className="fill-muted" />
        {checkedIn > 0 && <rect x="0" y="0" width={inWidth} height="10" className="fill-success" />}
        {notCheckedIn > 0 && (
          <rect x={inWidth} y="0" width={(notCheckedIn / total) * 100} height="10" className={missingClass} />
        )}
      </svg>
      <span className="w-28 shrink-0 text-right text-sm tabular-nums">
        {rate === null ? '–' : formatPercent(rate)}{' '}
        <span className="text-muted-foreground">
          ({formatCount(checkedIn)}/{formatCount(tickets)})
        </span>
      </span>
    </div>
  );
}

function CheckInTable({ rows }: { rows: CheckInRow[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
        Als Tabelle anzeigen
      </summary>
      <div tabIndex={0} role="region" aria-label="Tabelle: Check-in" className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left tabular-nums">
          <thead className="text-xs text-muted-foreground">
            <tr>
              {rows.some((row) => row.label) && (
                <th scope="col" className="py-1 pr-3 font-medium">
                  Event
                </th>
              )}
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Gültige Tickets
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Eingecheckt
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Nicht eingecheckt
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Quote
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Storniert
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map(({ key, label, figures }) => {
              const rate = checkInRate(figures);
              return (
                <tr key={key}>
                  {label && (
                    <th scope="row" className="py-1 pr-3 font-normal">
                      {label}
                    </th>
                  )}
                  <td className="py-1 pr-3 text-right">{formatCount(figures.tickets)}</td>
                  <td className="py-1 pr-3 text-right">{formatCount(figures.checkedIn)}</td>
                  <td className="py-1 pr-3 text-right">{formatCount(figures.notCheckedIn)}</td>
                  <td className="py-1 pr-3 text-right">
                    {rate === null ? 'ohne Check-in' : formatPercent(rate)}
                  </td>
                  <td className="py-1 text-right">{formatCount(figures.cancelled)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}

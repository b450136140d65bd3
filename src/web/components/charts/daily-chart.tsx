import type { StatsDay, StatsMark } from '@shared/event-stats';
import { formatCount, formatPrice } from '@web/lib/format';
import { groupMarks, labelledDays, niceCeiling, type MarkGroup } from './chart-scale';
import { formatAxisDay, formatChartDay, soldSeatsByDay } from './chart-text';
import { useWidth } from './use-width';

// Bookings and revenue per day as plain SVG (docs/product/charts.md#event-chart, decision 067): seats booked
// per day as bars with, for an event, the running sum of seats sold against the capacity; below, the money per
// day (test money lighter); the early-bird ends and mails as numbered lines, the days to come shaded. Colours
// are the theme's variables (fill-primary …), so dark mode needs nothing of its own. The picture is one
// role="img" named by the heading and described by the summary; the table beside it holds the same numbers.

const LEFT = 58;
const RIGHT = 14;
const TOP = 44;
const SEATS_HEIGHT = 170;
const GAP = 36;
const MONEY_HEIGHT = 90;
const AXIS = 22;
const HEIGHT = TOP + SEATS_HEIGHT + GAP + MONEY_HEIGHT + AXIS;

export interface DailyChartProps {
  days: StatsDay[];
  marks: StatsMark[];
  today: string;
  currency: string;
  /** An event's seats: the capacity line and the running sum of seats sold from `seatsBefore` on. */
  capacity?: { seats: number; seatsBefore: number };
  /** The event's first day, marked 'Beginn'. */
  startDay?: string;
  labelledBy: string;
  describedBy: string;
}

export function DailyChart(props: DailyChartProps) {
  const { days, marks, today, currency, capacity, startDay, labelledBy, describedBy } = props;
  const { ref, width } = useWidth<HTMLDivElement>();
  const plotWidth = Math.max(120, width - LEFT - RIGHT);
  const band = plotWidth / Math.max(days.length, 1);
  const x = (index: number) => LEFT + index * band;
  const centre = (index: number) => x(index) + band / 2;
  const indexOf = new Map(days.map((day, index) => [day.day, index]));

  const sold = capacity ? soldSeatsByDay(days, capacity.seatsBefore) : [];
  const seatsTop = niceCeiling(
    Math.max(capacity?.seats ?? 0, ...sold, ...days.map((day) => day.seatsBooked), 1),
  );
  const seatsY = (value: number) => TOP + SEATS_HEIGHT - (value / seatsTop) * SEATS_HEIGHT;

  const up = (day: StatsDay) => Math.max(0, day.revenueCents) + Math.max(0, day.testRevenueCents);
  const down = (day: StatsDay) => Math.min(0, day.revenueCents) + Math.min(0, day.testRevenueCents);
  const moneyTop = niceCeiling(Math.max(...days.map(up), 0) / 100) * 100;
  const lowest = Math.min(...days.map(down), 0);
  const moneyBottom = lowest < 0 ? -niceCeiling(-lowest / 100) * 100 : 0;
  const moneyOrigin = TOP + SEATS_HEIGHT + GAP;
  const moneyY = (cents: number) =>
    moneyOrigin + ((moneyTop - cents) / (moneyTop - moneyBottom)) * MONEY_HEIGHT;
  const euros = new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  });

  const labelled = labelledDays(days.length, band);
  const todayIndex = indexOf.get(today);
  const futureFrom = todayIndex === undefined ? (days[0] && days[0].day > today ? 0 : null) : todayIndex + 1;
  const bottom = moneyOrigin + MONEY_HEIGHT;
  const barWidth = Math.max(1, band * 0.7);
  const barX = (index: number) => x(index) + (band - barWidth) / 2;
  // the running sum ends today: the days to come have sold nothing yet
  const soldPath = sold
    .slice(0, futureFrom ?? days.length)
    .map((value, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${seatsY(value)}H${x(index + 1)}`)
    .join('');
  const right = LEFT + plotWidth;

  return (
    <div ref={ref} className="w-full">
      <svg
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block max-w-full overflow-visible text-[11px]"
      >
        {futureFrom !== null && futureFrom < days.length && (
          <rect
            x={x(futureFrom)}
            y={TOP}
            width={x(days.length) - x(futureFrom)}
            height={bottom - TOP}
            className="fill-muted"
          />
        )}
        {/* grid and axes */}
        {[0, seatsTop / 2, seatsTop].map((value) => (
          <g key={`s${value}`}>
            <line
              x1={LEFT}
              x2={LEFT + plotWidth}
              y1={seatsY(value)}
              y2={seatsY(value)}
              className="stroke-border"
            />
            <text x={LEFT - 6} y={seatsY(value) + 4} textAnchor="end" className="fill-muted-foreground">
              {formatCount(value)}
            </text>
          </g>
        ))}
        <text x={LEFT} y={TOP - 30} className="fill-muted-foreground">
          Plätze
        </text>
        {[...new Set([moneyTop, 0, moneyBottom])].map((value) => (
          <g key={`m${value}`}>
            <line
              x1={LEFT}
              x2={LEFT + plotWidth}
              y1={moneyY(value)}
              y2={moneyY(value)}
              className="stroke-border"
            />
            <text x={LEFT - 6} y={moneyY(value) + 4} textAnchor="end" className="fill-muted-foreground">
              {euros.format(value / 100)}
            </text>
          </g>
        ))}
        <text x={LEFT} y={moneyOrigin - 8} className="fill-muted-foreground">
          Umsatz
        </text>

        {/* seats booked per day, and the running sum against the capacity */}
        {days.map((day, index) =>
          day.seatsBooked > 0 ? (
            <rect
              key={day.day}
              x={barX(index)}
              y={seatsY(day.seatsBooked)}
              width={barWidth}
              height={seatsY(0) - seatsY(day.seatsBooked)}
              className="fill-primary opacity-70"
            />
          ) : null,
        )}
        {capacity && (
          <>
            <line
              x1={LEFT}
              x2={LEFT + plotWidth}
              y1={seatsY(capacity.seats)}
              y2={seatsY(capacity.seats)}
              strokeDasharray="6 4"
              strokeWidth={2}
              className="stroke-destructive"
            />
            <text
              x={LEFT + plotWidth}
              y={seatsY(capacity.seats) - 5}
              textAnchor="end"
              className="fill-destructive font-medium"
            >
              Kapazität {formatCount(capacity.seats)}
            </text>
            <path d={soldPath} fill="none" strokeWidth={2.5} className="stroke-foreground" />
          </>
        )}

        {/* money per day: real money solid, test money lighter, refunds below the line */}
        {days.map((day, index) => {
          const live = day.revenueCents;
          const test = day.testRevenueCents;
          if (live === 0 && test === 0) return null;
          const segments: { from: number; to: number; test: boolean }[] = [];
          let above = 0;
          let below = 0;
          for (const [value, isTest] of [
            [live, false],
            [test, true],
          ] as const) {
            if (value > 0) segments.push({ from: above, to: (above += value), test: isTest });
            if (value < 0) segments.push({ from: below, to: (below += value), test: isTest });
          }
          return (
            <g key={day.day}>
              {segments.map((segment, n) => (
                <rect
                  key={n}
                  x={barX(index)}
                  y={moneyY(Math.max(segment.from, segment.to))}
                  width={barWidth}
                  height={Math.abs(moneyY(segment.from) - moneyY(segment.to))}
                  className={segment.test ? 'fill-warning opacity-40' : 'fill-warning'}
                />
              ))}
            </g>
          );
        })}

        {/* today, the start and the marks */}
        {todayIndex !== undefined && (
          <VerticalMark x={centre(todayIndex)} top={TOP} bottom={bottom} right={right} label="heute" />
        )}
        {startDay !== undefined && indexOf.has(startDay) && startDay !== today && (
          <VerticalMark
            x={centre(indexOf.get(startDay)!)}
            top={TOP}
            bottom={bottom}
            right={right}
            label="Beginn"
          />
        )}
        {placeMarks(groupMarks(marks), (day) => {
          const index = indexOf.get(day);
          return index === undefined ? undefined : centre(index);
        }).map(({ group, x: markX, row }) => {
          const earlyBird = group.marks.some((mark) => mark.kind === 'early-bird-end');
          const cy = TOP - 12 - row * 20;
          return (
            <g key={group.day}>
              <line
                x1={markX}
                x2={markX}
                y1={cy}
                y2={bottom}
                strokeDasharray="3 3"
                strokeWidth={1.5}
                className={earlyBird ? 'stroke-warning' : 'stroke-muted-foreground'}
              />
              <circle
                cx={markX}
                cy={cy}
                r={9}
                className={earlyBird ? 'fill-warning' : 'fill-muted-foreground'}
              />
              <text x={markX} y={cy + 4} textAnchor="middle" className="fill-card font-semibold">
                {group.number}
              </text>
            </g>
          );
        })}

        {/* the days: axis labels and, for a pointer, each day's numbers */}
        {days.map((day, index) => (
          <g key={day.day}>
            {labelled.has(index) && (
              <text x={centre(index)} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground">
                {formatAxisDay(day.day)}
              </text>
            )}
            <rect x={x(index)} y={TOP} width={band} height={bottom - TOP} fill="transparent">
              <title>
                {`${formatChartDay(day.day)}: ${formatCount(day.seatsBooked)} Plätze gebucht` +
                  (day.seatsCancelled ? `, ${formatCount(day.seatsCancelled)} storniert` : '') +
                  (capacity ? `, ${formatCount(sold[index]!)} verkauft` : '') +
                  `, Umsatz ${formatPrice(day.revenueCents, currency)}` +
                  (day.testRevenueCents ? `, Test ${formatPrice(day.testRevenueCents, currency)}` : '')}
              </title>
            </rect>
          </g>
        ))}
      </svg>
    </div>
  );
}

/** The marks' places: a circle that would touch the one before it goes one row up (two marks a day apart). */
function placeMarks(groups: MarkGroup[], xOf: (day: string) => number | undefined) {
  const placed: { group: MarkGroup; x: number; row: number }[] = [];
  for (const group of groups) {
    const x = xOf(group.day);
    if (x === undefined) continue;
    const before = placed.at(-1);
    const row = before && x - before.x < 20 ? (before.row + 1) % 2 : 0;
    placed.push({ group, x, row });
  }
  return placed;
}

function VerticalMark(props: { x: number; top: number; bottom: number; right: number; label: string }) {
  const { x, top, bottom, right, label } = props;
  // near the right edge the label goes to the line's left, so it is never cut off
  const left = x > right - 48;
  return (
    <g>
      <line x1={x} x2={x} y1={top} y2={bottom} strokeWidth={1.5} className="stroke-foreground opacity-60" />
      <text
        x={left ? x - 4 : x + 4}
        y={bottom - 4}
        textAnchor={left ? 'end' : 'start'}
        className="fill-foreground"
      >
        {label}
      </text>
    </g>
  );
}

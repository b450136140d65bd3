import { MoveHorizontal } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { eventPlace, timetableRows, type TimetableItem } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { formatDate, formatMonth } from '@web/lib/format';
import { Badge } from '@web/components/ui/badge';
import { EventPrice } from './event-price';
import { eventTimeRange } from '@shared/date-range';
import { useHorizontalOverflow } from '@web/lib/use-horizontal-overflow';
import { SeatBadgeView } from './seat-badge';

const COLUMNS = 6;

/**
 * The timetable (docs/product/events.md#timetable): a table by month with a 'Heute' divider; columns Datum,
 * Zeit, Titel, Ort, Preis, Plätze (on phones time, place, price and seats move into the date and title
 * cells). Opens scrolled to the next upcoming row. When it is still wider than its box, an edge fade and a
 * hint show that it scrolls sideways (docs/decisions/026-admin-tickets-on-phones.md).
 */
export function EventTimetable({ events, now }: { events: PublicEvent[]; now: Date }) {
  const { items, nextIndex } = useMemo(() => timetableRows(events, now), [events, now]);
  const scroller = useRef<HTMLDivElement>(null);
  const nextRow = useRef<HTMLTableRowElement>(null);
  // On narrow screens the table may still be wider than its box: say so (fade and hint) only then.
  const overflow = useHorizontalOverflow(scroller);

  // On open only: the next upcoming row in the middle of the scroll box (the past rows and 'Heute' above
  // it), and the page scrolled to it when it is out of sight.
  useLayoutEffect(() => {
    const box = scroller.current;
    const row = nextRow.current;
    if (!box || !row) return;
    const rowTop = row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = Math.max(0, rowTop - (box.clientHeight - row.offsetHeight) / 2);
    const { top, bottom } = row.getBoundingClientRect();
    const headerHeight = 64; // the sticky site header
    if (top < headerHeight || bottom > window.innerHeight) {
      window.scrollBy({ top: top - (window.innerHeight + headerHeight - row.offsetHeight) / 2 });
    }
  }, []);

  return (
    <div className="flex flex-col gap-2">
      {overflow.overflows && (
        <p
          className="flex items-center gap-2 text-sm text-muted-foreground"
          data-testid="timetable-scroll-hint"
        >
          <MoveHorizontal className="h-4 w-4 shrink-0" aria-hidden />
          Wische seitlich, um alle Spalten zu sehen.
        </p>
      )}
      <div className="relative">
        <div
          ref={scroller}
          className="max-h-[34rem] overflow-auto rounded-xl border border-border bg-card"
          data-testid="timetable"
        >
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Termine nach Monat</caption>
            <thead className="sticky top-0 z-10 bg-muted text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Datum
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Zeit
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Titel
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Ort
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Preis
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Plätze
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <TimetableRow
                  key={rowKey(item, index)}
                  item={item}
                  now={now}
                  rowRef={index === nextIndex ? nextRow : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
        {overflow.moreLeft && <EdgeFade side="left" />}
        {overflow.moreRight && <EdgeFade side="right" />}
      </div>
    </div>
  );
}

/** A shadow over the edge that hides more columns: the table goes on there. */
function EdgeFade({ side }: { side: 'left' | 'right' }) {
  return (
    <div
      aria-hidden
      data-testid={`timetable-fade-${side}`}
      className={`pointer-events-none absolute inset-y-px z-20 w-10 from-card to-transparent ${
        side === 'left' ? 'left-px rounded-l-xl bg-gradient-to-r' : 'right-px rounded-r-xl bg-gradient-to-l'
      }`}
    />
  );
}

const rowKey = (item: TimetableItem<PublicEvent>, index: number) =>
  item.kind === 'event' ? item.event.id : item.kind === 'month' ? item.key : `today-${index}`;

function TimetableRow({
  item,
  now,
  rowRef,
}: {
  item: TimetableItem<PublicEvent>;
  now: Date;
  rowRef?: React.Ref<HTMLTableRowElement>;
}) {
  const navigate = useNavigate();
  if (item.kind === 'month') {
    return (
      <>
        {item.spacerPx > 0 && (
          <tr aria-hidden data-spacer-px={item.spacerPx}>
            <td colSpan={COLUMNS} style={{ height: item.spacerPx, padding: 0 }} />
          </tr>
        )}
        <tr>
          <th
            scope="colgroup"
            colSpan={COLUMNS}
            className="border-t border-border bg-card px-4 pb-2 pt-4 font-serif text-base font-semibold text-foreground"
          >
            {formatMonth(item.startTime)}
          </th>
        </tr>
      </>
    );
  }
  if (item.kind === 'today') {
    return (
      <tr data-testid="timetable-today">
        <td colSpan={COLUMNS} className="px-4 py-2">
          <div className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-primary">
            <span>Heute</span>
            <span className="font-normal normal-case text-muted-foreground">{formatDate(now)}</span>
            <span className="h-px flex-1 bg-primary" aria-hidden />
          </div>
        </td>
      </tr>
    );
  }
  const { event, past } = item;
  const href = `/event/${event.slug}`;
  return (
    <tr
      ref={rowRef}
      onClick={(click) => {
        // The title link is the row's keyboard target; a click elsewhere in the row does the same.
        if (!(click.target as HTMLElement).closest('a')) void navigate(href);
      }}
      className={`cursor-pointer border-t border-border align-top transition-colors hover:bg-muted/60 ${
        past ? 'text-muted-foreground' : ''
      }`}
      data-testid="timetable-row"
      data-past={past || undefined}
    >
      <td className="whitespace-nowrap px-4 py-3">
        {formatDate(event.startTime, event.timezone)}
        <span className="block whitespace-normal text-muted-foreground sm:hidden">
          {eventTimeRange(event)}
        </span>
      </td>
      <td className="hidden whitespace-nowrap px-4 py-3 sm:table-cell">{eventTimeRange(event)}</td>
      <td className="px-4 py-3">
        <Link to={href} className="font-medium text-foreground hover:underline">
          {event.title}
        </Link>
        {event.status === 'draft' && (
          <span className="ml-2">
            <Badge tone="warning">Entwurf</Badge>
          </span>
        )}
        <span className="block text-muted-foreground md:hidden">{eventPlace(event)}</span>
        <span className="mt-2 flex flex-wrap items-center gap-2 sm:hidden">
          <EventPrice event={event} now={now} />
          <SeatBadgeView event={event} now={now} />
        </span>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">{eventPlace(event)}</td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <EventPrice event={event} now={now} />
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <SeatBadgeView event={event} now={now} />
      </td>
    </tr>
  );
}

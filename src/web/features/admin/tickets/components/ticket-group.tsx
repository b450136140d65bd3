import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminTicketGroup } from '@shared/admin-tickets';
import { formatDateTimeShort } from '@web/lib/format';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@web/lib/use-media-query';
import { TicketCard } from './ticket-card';
import type { TicketRowActions } from './ticket-actions';
import { TicketRow } from './ticket-row';

const ticketsWord = (n: number) => (n === 1 ? '1 Ticket' : `${n} Tickets`);

/** The tickets of one event in a collapsible section that shows their count. */
export function TicketGroup({
  group,
  selected,
  busyIds,
  onToggle,
  onToggleAll,
  actions,
}: {
  group: AdminTicketGroup;
  selected: ReadonlySet<string>;
  busyIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: string[], select: boolean) => void;
  actions: TicketRowActions;
}) {
  const [open, setOpen] = useState(true);
  // Below md a card per ticket instead of a table cut at the screen's edge
  // (docs/decisions/026-admin-tickets-on-phones.md).
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const bodyId = useId();
  const ids = group.tickets.map((ticket) => ticket.id);
  const allSelected = ids.every((id) => selected.has(id));
  const someSelected = !allSelected && ids.some((id) => selected.has(id));
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someSelected;
  }, [someSelected, open, wide]);
  const { event } = group;
  const onPage = group.tickets.length;

  return (
    <section className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground">
      <h2 className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-left hover:bg-muted/60"
        >
          {open ? (
            <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
          ) : (
            <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
          )}
          <span className="min-w-0 flex-[1_1_14rem] break-words">{event.title}</span>
          <span className="text-sm font-normal text-muted-foreground tabular-nums">
            {formatDateTimeShort(event.startTime, event.timezone)}
          </span>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">
            {ticketsWord(group.count)}
            {onPage < group.count && ` · ${onPage} auf dieser Seite`}
          </span>
        </button>
      </h2>
      {open && !wide && (
        <div id={bodyId} className="border-t border-border">
          <label className="flex items-center gap-3 border-b border-border px-4 py-2 text-sm text-muted-foreground">
            <input
              ref={selectAll}
              type="checkbox"
              checked={allSelected}
              onChange={() => onToggleAll(ids, !allSelected)}
              className="h-4 w-4 accent-primary"
            />
            <span>
              Alle <span className="sr-only">Tickets von „{event.title}“</span> auf dieser Seite auswählen
            </span>
          </label>
          <ul aria-label={`Tickets für ${event.title}`}>
            {group.tickets.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                eventTitle={event.title}
                timeZone={event.timezone}
                checked={selected.has(ticket.id)}
                busy={busyIds.has(ticket.id)}
                onToggle={() => onToggle(ticket.id)}
                actions={actions}
              />
            ))}
          </ul>
        </div>
      )}
      {open && wide && (
        <div id={bodyId} className="overflow-x-auto border-t border-border">
          <table className="w-full min-w-[64rem] text-left text-sm">
            <caption className="sr-only">Tickets für {event.title}</caption>
            <thead className="text-xs uppercase tracking-wide text-muted-foreground">
              <tr className="border-b border-border">
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label={`Alle Tickets von „${event.title}“ auf dieser Seite auswählen`}
                    checked={allSelected}
                    onChange={() => onToggleAll(ids, !allSelected)}
                    className="h-4 w-4 accent-primary"
                  />
                </th>
                <th scope="col" className="px-3 py-2">
                  ID
                </th>
                <th scope="col" className="px-3 py-2">
                  Bestellnummer
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Ticketart
                </th>
                <th scope="col" className="px-3 py-2">
                  Code
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Datum
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Aktionen
                </th>
              </tr>
            </thead>
            <tbody>
              {group.tickets.map((ticket) => (
                <TicketRow
                  key={ticket.id}
                  ticket={ticket}
                  timeZone={event.timezone}
                  checked={selected.has(ticket.id)}
                  busy={busyIds.has(ticket.id)}
                  onToggle={() => onToggle(ticket.id)}
                  actions={actions}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

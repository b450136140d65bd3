import { Pencil, Trash2, Users } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminEventListItem } from '@shared/admin-events';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { seatsSummary } from '../seats-summary';
import { EventStatusBadge } from './status-badge';

interface EventsTableProps {
  events: AdminEventListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onDelete: (event: AdminEventListItem) => void;
}

const editPath = (id: string) => `/admin/events/${id}/edit`;
/** docs/product/organizer-day.md#participants */
const participantsPath = (id: string) => `/admin/events/${id}/teilnehmende`;
const COLUMNS = 6;

/**
 * Upcoming events, the divider 'Vergangene Events', then past ones (docs/product/events.md#admin-events-list;
 * the server answers them in that order, marked isPast). The whole row opens the editor; the title is the
 * link that keyboard and screen-reader users reach.
 */
export function EventsTable({ events, selected, onToggle, onToggleAll, onDelete }: EventsTableProps) {
  const upcoming = events.filter((event) => !event.isPast);
  const past = events.filter((event) => event.isPast);
  const allSelected = events.length > 0 && events.every((event) => selected.has(event.id));
  const someSelected = !allSelected && events.some((event) => selected.has(event.id));
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someSelected;
  }, [someSelected]);

  const row = (event: AdminEventListItem) => (
    <EventRow
      key={event.id}
      event={event}
      checked={selected.has(event.id)}
      onToggle={() => onToggle(event.id)}
      onDelete={() => onDelete(event)}
    />
  );

  return (
    <div
      className="overflow-x-auto rounded-2xl border border-border bg-card text-card-foreground"
      data-testid="events-table"
    >
      <table className="w-full text-left text-sm md:min-w-[44rem]">
        <caption className="sr-only">Alle Events</caption>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Alle Events auswählen"
                checked={allSelected}
                onChange={onToggleAll}
                className="h-4 w-4 accent-primary"
              />
            </th>
            <th scope="col" className="px-3 py-3">
              Titel
            </th>
            <th scope="col" className="hidden px-3 py-3 md:table-cell">
              Datum
            </th>
            <th scope="col" className="hidden px-3 py-3 md:table-cell">
              Ort
            </th>
            <th scope="col" className="hidden px-3 py-3 md:table-cell">
              Status
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Aktionen
            </th>
          </tr>
        </thead>
        {upcoming.length > 0 && <tbody>{upcoming.map(row)}</tbody>}
        {past.length > 0 && (
          <tbody>
            <tr className="bg-muted">
              <th
                scope="colgroup"
                colSpan={COLUMNS}
                className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                Vergangene Events
              </th>
            </tr>
            {past.map(row)}
          </tbody>
        )}
      </table>
    </div>
  );
}

function EventRow(props: {
  event: AdminEventListItem;
  checked: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { event, checked, onToggle, onDelete } = props;
  const navigate = useNavigate();
  // Clicks on the row's own controls do what they say; anywhere else opens the editor.
  const openRow = (click: MouseEvent<HTMLTableRowElement>) => {
    if ((click.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(editPath(event.id));
  };
  return (
    <tr
      onClick={openRow}
      className={`cursor-pointer border-b border-border last:border-b-0 hover:bg-muted/60 ${checked ? 'bg-accent/40' : ''}`}
    >
      <td className="px-3 py-3 align-top">
        <input
          type="checkbox"
          aria-label={`„${event.title}“ auswählen`}
          checked={checked}
          onChange={onToggle}
          className="h-4 w-4 accent-primary"
        />
      </td>
      <td className="px-3 py-3 align-top">
        <Link to={editPath(event.id)} className="font-medium hover:underline focus-visible:underline">
          {event.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span>{seatsSummary(event)}</span>
          {event.hidden && <Badge tone="warning">Versteckt</Badge>}
          {event.isPrivate && <Badge>Privat</Badge>}
          {/* docs/product/event-series.md#admin-list */}
          {event.series && (
            <Link
              to={`/admin/series/${event.series.id}`}
              className="rounded-full hover:underline focus-visible:underline"
            >
              <Badge tone="primary">Reihe: {event.series.title}</Badge>
            </Link>
          )}
        </div>
        {/* small screens: date, place and status under the title instead of in their columns */}
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs md:hidden">
          <span className="tabular-nums">{formatDateTimeShort(event.startTime, event.timezone)}</span>
          <span aria-hidden>·</span>
          {event.mode === 'online' ? <Badge tone="primary">Online</Badge> : <span>{event.location}</span>}
          <EventStatusBadge status={event.status} />
        </div>
      </td>
      <td className="hidden whitespace-nowrap px-3 py-3 align-top tabular-nums md:table-cell">
        {formatDateTimeShort(event.startTime, event.timezone)}
      </td>
      <td className="hidden px-3 py-3 align-top md:table-cell">
        {event.mode === 'online' ? <Badge tone="primary">Online</Badge> : event.location}
      </td>
      <td className="hidden px-3 py-3 align-top md:table-cell">
        <EventStatusBadge status={event.status} />
      </td>
      <td className="px-3 py-3 align-top">
        {/* wraps when the row is tight, so the table fits a 1280 px laptop beside the sidebar without
            scrolling sideways (docs/decisions/049-admin-screens-say-what-they-mean.md) */}
        <div className="flex flex-wrap justify-end gap-1">
          <Link
            to={participantsPath(event.id)}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Teilnehmende von „${event.title}“`}
          >
            <Users className="h-4 w-4" aria-hidden />
            <span className="hidden lg:inline">Teilnehmende</span>
          </Link>
          <Link
            to={editPath(event.id)}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`„${event.title}“ bearbeiten`}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            <span className="hidden lg:inline">Bearbeiten</span>
          </Link>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            onClick={onDelete}
            aria-label={`„${event.title}“ löschen`}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            <span className="hidden lg:inline">Löschen</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

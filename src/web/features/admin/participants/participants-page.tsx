import { ArrowLeft, FileSpreadsheet, Mail, Printer, ScanLine, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ParticipantList as List } from '@shared/participants';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { formatDate, formatPrice, formatTime, formatTimeRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { DownloadError } from '@web/lib/download';
import { useParticipants } from './api/get-participants';
import { downloadParticipantsCsv } from './api/participants-csv';
import { ParticipantList, type Selection } from './components/participant-list';
import { MESSAGE_DIALOG_TEXTS, ParticipantMessageDialog } from './components/participant-message-dialog';
import { ParticipantsPrint } from './components/participants-print';
import { SentMessages } from './components/sent-messages';
import { countTexts, filterParticipants, isMessageable, participantDetails } from './participant-view';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** Where the page is shown: the admin area or the organizer area (the back link differs). */
export type ParticipantsArea = 'admin' | 'organizer';

const BACK: Record<ParticipantsArea, { to: string; label: string }> = {
  admin: { to: '/admin/events', label: 'Veranstaltungen' },
  organizer: { to: '/veranstalter', label: 'Meine Veranstaltungen' },
};

/** 'Sa., 14.03.2026, 18:30–20:00 Uhr' in the event's time zone; over several days both ends. */
function eventWhen({ startTime, endTime, timeZone }: List['event']): string {
  const startDay = formatDate(startTime, timeZone);
  const endDay = formatDate(endTime, timeZone);
  if (startDay === endDay) return `${startDay}, ${formatTimeRange(startTime, endTime, timeZone)}`;
  return `${startDay}, ${formatTime(startTime, timeZone)} Uhr – ${endDay}, ${formatTime(endTime, timeZone)} Uhr`;
}

const placeOf = (event: List['event']) => [event.venue, event.location].filter(Boolean).join(', ');

function loadErrorText(error: Error): string {
  if (error instanceof ApiError && error.status === 403) {
    return 'Du bist für diese Veranstaltung nicht als Veranstalter:in eingetragen.';
  }
  if (error instanceof ApiError && error.status === 404) return error.message || 'Event nicht gefunden';
  return error.message || 'Die Teilnehmenden konnten nicht geladen werden.';
}

/**
 * 'Teilnehmende' of one event (docs/product/organizer-day.md#participants): at /admin/events/{id}/teilnehmende
 * for admins and at /veranstalter/events/{id} for organizers, the same page in both areas. Counts, sales,
 * a search in the browser, the list, the CSV, a print view and the way to the door check-in; 'Nachricht an
 * alle' or to the chosen tickets, and the messages sent (docs/product/event-mails.md#participant-message).
 */
export function ParticipantsPage({
  area,
  certificates,
}: {
  area: ParticipantsArea;
  /** Below the list, in the admin area: 'Teilnahmebescheinigungen' (docs/product/certificates.md#by-hand). */
  certificates?: (eventId: string) => ReactNode;
}) {
  const { eventId = '' } = useParams();
  const participants = useParticipants(eventId);
  usePageTitle(participants.data ? `Teilnehmende · ${participants.data.event.title}` : 'Teilnehmende');
  const back = BACK[area];

  return (
    <section aria-labelledby="participants-heading" className="flex flex-col gap-5">
      <div className="print:hidden">
        <Link to={back.to} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {back.label}
        </Link>
      </div>
      {participants.isPending ? (
        <PageSpinner />
      ) : participants.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 id="participants-heading" className="text-2xl font-semibold tracking-tight">
            Teilnehmende
          </h1>
          <ErrorText alert={false} size="base">
            {loadErrorText(participants.error)}
          </ErrorText>
          {!(participants.error instanceof ApiError && [403, 404].includes(participants.error.status)) && (
            <Button variant="secondary" onClick={() => void participants.refetch()}>
              Erneut versuchen
            </Button>
          )}
        </div>
      ) : (
        <ParticipantsView list={participants.data} eventId={eventId} />
      )}
      {participants.data && certificates?.(eventId)}
    </section>
  );
}

function ParticipantsView({ list, eventId }: { list: List; eventId: string }) {
  const [query, setQuery] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [writing, setWriting] = useState(false);
  const { event, counts, sales } = list;
  const when = eventWhen(event);
  const place = placeOf(event);
  const shown = filterParticipants(list.participants, query);
  // a chosen ticket cancelled since drops out of the choice
  const chosen = list.participants
    .filter((participant) => isMessageable(participant) && selected.has(participant.ticketId))
    .map((participant) => participant.ticketId);
  const selection: Selection = {
    selected,
    onChange: (ticketIds, on) =>
      setSelected((before) => {
        const next = new Set(before);
        for (const ticketId of ticketIds) {
          if (on) next.add(ticketId);
          else next.delete(ticketId);
        }
        return next;
      }),
  };

  const csv = async () => {
    setDownloading(true);
    try {
      await downloadParticipantsCsv(eventId, event.slug);
    } catch (error) {
      const status = error instanceof DownloadError ? error.status : 0;
      toast.error(status ? `CSV-Download fehlgeschlagen (${status})` : 'CSV-Download fehlgeschlagen');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <div className="flex flex-col gap-5 print:hidden">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Teilnehmende</p>
            <h1 id="participants-heading" className="text-2xl font-semibold tracking-tight break-words">
              {event.title}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {when}
              {place && ` · ${place}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setWriting(true)}>
              <Mail className="h-4 w-4" aria-hidden />
              {chosen.length > 0
                ? MESSAGE_DIALOG_TEXTS.toSelected(chosen.length)
                : MESSAGE_DIALOG_TEXTS.toAll}
            </Button>
            {chosen.length > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Auswahl aufheben
              </Button>
            )}
            <Button variant="secondary" size="sm" disabled={downloading} onClick={() => void csv()}>
              <FileSpreadsheet className="h-4 w-4" aria-hidden />
              CSV herunterladen
            </Button>
            <Button variant="secondary" size="sm" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden />
              Drucken
            </Button>
            <Link to={`/checkin/${encodeURIComponent(eventId)}`} className={buttonClasses('primary', 'sm')}>
              <ScanLine className="h-4 w-4" aria-hidden />
              Check-in öffnen
            </Link>
          </div>
        </header>

        <div className="grid gap-3 sm:grid-cols-2">
          <Panel title="Plätze und Tickets">
            <ul className="flex flex-col gap-1 text-sm" aria-label="Zahlen">
              {countTexts(counts, list.seats).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </Panel>
          <Panel title="Umsatz">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Umsatz brutto</dt>
              <dd className="text-right tabular-nums">{formatPrice(sales.grossCents, sales.currency)}</dd>
              <dt className="text-muted-foreground">Erstattet</dt>
              <dd className="text-right tabular-nums">{formatPrice(sales.refundedCents, sales.currency)}</dd>
              <dt className="font-medium">Umsatz netto</dt>
              <dd className="text-right font-medium tabular-nums">
                {formatPrice(sales.netCents, sales.currency)}
              </dd>
            </dl>
          </Panel>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <label className="relative w-full sm:max-w-sm">
            <span className="sr-only">Teilnehmende suchen</span>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              size="sm"
              type="search"
              value={query}
              onChange={(change) => setQuery(change.target.value)}
              placeholder="Name, E-Mail, Bestellnummer, Ticket-Code"
              className="pl-9"
            />
          </label>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {query.trim()
              ? `${shown.length} von ${list.participants.length} Tickets`
              : list.participants.length === 1
                ? '1 Ticket'
                : `${list.participants.length} Tickets`}
          </p>
        </div>

        {list.participants.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
            Für diese Veranstaltung gibt es noch keine Tickets.
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
            Niemand passt zu „{query.trim()}“.
          </p>
        ) : (
          <ParticipantList
            participants={shown}
            timeZone={event.timeZone}
            currency={sales.currency}
            selection={selection}
            details={participantDetails(list)}
          />
        )}

        <SentMessages eventId={eventId} timeZone={event.timeZone} />
      </div>
      <ParticipantMessageDialog
        open={writing}
        eventId={eventId}
        ticketIds={chosen.length > 0 ? chosen : undefined}
        onClose={() => setWriting(false)}
      />
      <ParticipantsPrint list={list} when={when} place={place} />
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 text-card-foreground">
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      {children}
    </div>
  );
}

import { Search, WifiOff, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CHECK_IN_TEXTS, PARTICIPANT_STATE_LABELS } from '@shared/participants';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import type { DoorTicket } from './check-in-queue';
import { CameraScanner } from './components/camera-scanner';
import { ResultPanel } from './components/result-panel';
import { unlockAudio } from './feedback';
import { looksLikeScan, searchTickets } from './ticket-lookup';
import { useDoor } from './use-door';

/**
 * Door check-in /checkin/{eventId} for admins and the event's organizers; the server decides who may
 * (docs/product/organizer-day.md#check-in-authority). Made for a phone held at the door: camera scan, a
 * hand-held USB scanner or a typed code/name, the answer at a glance, and it keeps working offline
 * (docs/product/organizer-day.md#check-in, docs/product/organizer-day.md#offline-check-in).
 */
export function CheckInPage() {
  const { eventId = '' } = useParams();
  return <Door key={eventId} eventId={eventId} />;
}

const STATE_CLASSES: Record<DoorTicket['state'], string> = {
  active: 'text-muted-foreground',
  'checked-in': 'text-green-700 dark:text-green-400',
  cancelled: 'text-red-700 dark:text-red-400 line-through',
};

function Door({ eventId }: { eventId: string }) {
  const door = useDoor(eventId);
  usePageTitle(door.event ? `Check-in: ${door.event.title}` : 'Check-in');
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const matches = useMemo(
    () => (looksLikeScan(text) && text.trim().length > 4 ? [] : searchTickets(door.tickets, text)),
    [door.tickets, text],
  );

  // a hand-held scanner types into the focused field: focus it where there is a real pointer (not on phones,
  // where the keyboard would cover the camera)
  const ready = Boolean(door.event);
  useEffect(() => {
    if (ready && window.matchMedia?.('(pointer: fine)').matches) inputRef.current?.focus();
  }, [ready]);

  if (door.loadError) {
    return (
      <Frame>
        <p role="alert" className="rounded-2xl bg-red-600 p-4 text-lg font-semibold text-white">
          {door.loadError}
        </p>
      </Frame>
    );
  }
  if (door.loading && !door.event) {
    return (
      <Frame>
        <PageSpinner label="Ticketliste wird geladen …" />
      </Frame>
    );
  }
  if (door.unavailable || !door.event) {
    return (
      <Frame>
        <p role="alert" className="rounded-2xl border border-border p-4">
          Die Ticketliste konnte nicht geladen werden, und auf diesem Gerät ist noch keine gespeichert. Öffne
          die Seite einmal mit Verbindung, dann funktioniert der Check-in auch offline.
        </p>
      </Frame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlockAudio();
    const value = text.trim();
    if (!value) return;
    if (looksLikeScan(value)) {
      setText('');
      void door.checkIn({ scan: value });
    } else if (matches.length === 1) {
      setText('');
      void door.checkIn({ ticketId: matches[0]!.ticketId });
    }
    inputRef.current?.focus();
  };

  const { event } = door;
  return (
    <Frame title={event.title}>
      <p
        data-testid="check-in-counter"
        aria-live="polite"
        className="text-center text-3xl font-bold tabular-nums sm:text-4xl"
      >
        {CHECK_IN_TEXTS.counter(door.counts.checkedIn, door.counts.total)}
      </p>

      {!door.online ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {CHECK_IN_TEXTS.offline}
        </p>
      ) : null}
      {door.pending > 0 ? (
        <p data-testid="check-in-pending" className="text-center text-sm text-muted-foreground">
          {door.pending === 1
            ? '1 Check-in wartet auf die Verbindung.'
            : `${door.pending} Check-ins warten auf die Verbindung.`}
        </p>
      ) : null}
      {door.conflicts > 0 ? (
        <div
          role="alert"
          className="flex items-start justify-between gap-2 rounded-xl bg-amber-400 p-3 text-sm font-medium text-black"
        >
          <span>{CHECK_IN_TEXTS.syncConflicts(door.conflicts)}</span>
          <button
            type="button"
            className="-m-1 rounded p-2"
            aria-label="Hinweis schließen"
            onClick={door.dismissConflicts}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}

      <ResultPanel
        answer={door.answer}
        timeZone={event.timeZone}
        canUndo={door.canUndo}
        busy={door.busy}
        onUndo={() => void door.undo()}
      />

      <CameraScanner
        onCode={(code) => {
          void door.checkIn({ scan: code });
        }}
      />

      <form onSubmit={submit} className="flex flex-col gap-2" role="search">
        <label htmlFor={inputId} className="text-sm font-medium">
          Code oder Name
        </label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={inputId}
            size="xl"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="z. B. 4711 oder Anna"
            className="min-w-0 flex-1"
          />
          <Button type="submit" size="lg" className="h-14" aria-label="Einchecken" disabled={!text.trim()}>
            <Search className="h-5 w-5" aria-hidden />
          </Button>
        </div>
      </form>

      {text.trim() && matches.length === 0 && !looksLikeScan(text) ? (
        <p className="text-sm text-muted-foreground">Kein Ticket gefunden.</p>
      ) : null}
      {matches.length > 0 ? (
        <ul aria-label="Gefundene Tickets" className="flex flex-col gap-2">
          {matches.map((ticket) => (
            <li key={ticket.ticketId}>
              <button
                type="button"
                disabled={door.busy}
                onClick={() => {
                  unlockAudio();
                  setText('');
                  void door.checkIn({ ticketId: ticket.ticketId });
                }}
                className="flex min-h-14 w-full items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 text-left text-card-foreground hover:bg-muted disabled:opacity-50"
              >
                <span className="min-w-0">
                  <span className="block truncate text-base font-medium">{ticket.holderName}</span>
                  <span className={`text-sm ${STATE_CLASSES[ticket.state]}`}>
                    {PARTICIPANT_STATE_LABELS[ticket.state]}
                    {ticket.seats > 1 ? ` · ${ticket.seats} Personen` : ''}
                  </span>
                </span>
                <span className="font-mono text-lg tabular-nums">{ticket.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Frame>
  );
}

function Frame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-6"
      aria-labelledby="check-in-heading"
    >
      <h1 id="check-in-heading" className="text-center text-xl font-semibold tracking-tight">
        {title ? (
          <>
            <span className="block text-sm font-normal text-muted-foreground">Check-in</span>
            {title}
          </>
        ) : (
          'Check-in'
        )}
      </h1>
      {children}
    </section>
  );
}

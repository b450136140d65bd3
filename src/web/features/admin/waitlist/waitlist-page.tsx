import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { WAITLIST_LABELS, type AdminWaitlist, type AdminWaitlistEntry } from '@shared/waitlist';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { formatDate, formatTime } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAdminWaitlist } from './api/get-admin-waitlist';
import { useOfferWaitlistEntry } from './api/offer-waitlist-entry';
import { useRemoveWaitlistEntry } from './api/remove-waitlist-entry';
import { WaitlistEntries } from './components/waitlist-entries';
import { ErrorText } from '@web/components/ui/error-text';

const HEADING_ID = 'waitlist-heading';

/** 'Sa., 14.03.2026, 18:30 Uhr' in the event's zone. */
const startText = (event: AdminWaitlist['event']) =>
  `${formatDate(event.startTime, event.timezone)}, ${formatTime(event.startTime, event.timezone)} Uhr`;

/** '3 von 20 Plätzen frei · Warteliste aktiv · Angebote gelten 24 Stunden'. */
export function summaryText(event: AdminWaitlist['event']): string {
  const hours = event.offerHours === 1 ? '1 Stunde' : `${event.offerHours} Stunden`;
  return [
    `${event.availableSeats} von ${event.totalSeats} Plätzen frei`,
    event.waitlistEnabled ? 'Warteliste aktiv' : 'Warteliste ausgeschaltet',
    `Angebote gelten ${hours}`,
  ].join(' · ');
}

function loadErrorText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return error.message || 'Event nicht gefunden';
  return messageOf(error, 'Die Warteliste konnte nicht geladen werden.');
}

/**
 * 'Warteliste' of one event at /admin/events/{id}/warteliste (docs/product/waiting-list.md#admin-waitlist):
 * who waits in which order, open offers, what became of the others; a seat can be offered by hand and an
 * entry removed.
 */
export function WaitlistPage() {
  const { eventId = '' } = useParams();
  const waitlist = useAdminWaitlist(eventId);
  usePageTitle(
    waitlist.data
      ? `${WAITLIST_LABELS.adminTitle} · ${waitlist.data.event.title}`
      : WAITLIST_LABELS.adminTitle,
  );
  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-5">
      <div>
        <Link
          to={`/admin/events/${encodeURIComponent(eventId)}/edit`}
          className={buttonClasses('ghost', 'sm', '-ml-3')}
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Event bearbeiten
        </Link>
      </div>
      {waitlist.isPending ? (
        <PageSpinner />
      ) : waitlist.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
            {WAITLIST_LABELS.adminTitle}
          </h1>
          <ErrorText alert={false} size="base">
            {loadErrorText(waitlist.error)}
          </ErrorText>
          {!(waitlist.error instanceof ApiError && waitlist.error.status === 404) && (
            <Button variant="secondary" onClick={() => void waitlist.refetch()}>
              Erneut versuchen
            </Button>
          )}
        </div>
      ) : (
        <WaitlistView list={waitlist.data} />
      )}
    </section>
  );
}

function WaitlistView({ list }: { list: AdminWaitlist }) {
  const { event, entries } = list;
  const offer = useOfferWaitlistEntry();
  const remove = useRemoveWaitlistEntry();
  const [removing, setRemoving] = useState<AdminWaitlistEntry | null>(null);
  const busyId = offer.isPending
    ? (offer.variables ?? null)
    : remove.isPending
      ? (remove.variables ?? null)
      : null;

  const offerSeat = (entry: AdminWaitlistEntry) =>
    offer.mutate(entry.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(messageOf(error, 'Der Platz konnte nicht angeboten werden.')),
    });

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const result = await remove.mutateAsync(removing.id);
      toast.success(result.message);
    } catch (error) {
      toast.error(messageOf(error, 'Der Eintrag konnte nicht entfernt werden.'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <>
      <header className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{event.title}</p>
        <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
          {WAITLIST_LABELS.adminTitle}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{startText(event)}</p>
        <p className="mt-1 text-sm" data-testid="waitlist-summary">
          {summaryText(event)}
        </p>
      </header>
      {entries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          Noch niemand auf der Warteliste.
        </p>
      ) : (
        <WaitlistEntries
          entries={entries}
          timeZone={event.timezone}
          busyId={busyId}
          onOffer={offerSeat}
          onRemove={setRemoving}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Eintrag entfernen?"
        description={
          removing && (
            <>
              <p>
                {removing.name} ({removing.email}) wird von der Warteliste für „{event.title}“ entfernt.
              </p>
              {removing.status === 'offered' && <p>Das offene Angebot endet damit.</p>}
              <p>Das kann nicht rückgängig gemacht werden.</p>
            </>
          )
        }
        confirmLabel={WAITLIST_LABELS.remove}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}

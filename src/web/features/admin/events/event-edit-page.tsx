import { ExternalLink, ListOrdered, Star, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ADMIN_EVENT_MESSAGES as M, type AdminEvent, type AdminEventCreateInput } from '@shared/admin-events';
import { seatFiguresText } from '@shared/seat-figures';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminEvent } from './api/get-admin-event';
import { useEventFormOptions } from './api/get-event-form-options';
import { useUpdateAdminEvent } from './api/save-admin-event';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EventStatsPanel } from '@web/components/charts/event-stats-panel';
import { toast } from '@web/lib/toast';
import { CoverUpload } from './components/cover-upload';
import { EventForm } from './components/event-form';
import { MinimumAttendanceStatus } from './components/minimum-attendance-status';
import { AFTER_SAVE } from './components/unsaved-changes-guard';
import { formValuesOf, type EventFormErrors } from './event-form-values';
import { failureText, formErrorsOf } from './form-errors';

/** After a successful save the list opens after 1.2 s (docs/product/events.md#event-defaults). */
const REDIRECT_AFTER_SAVE_MS = 1200;

type SaveAnswer = EventFormErrors | undefined;
interface RefundQuestion {
  input: AdminEventCreateInput;
  count: number;
  resolve: (answer: SaveAnswer) => void;
}

/**
 * 'Event bearbeiten' at /admin/events/{id}/edit. Below the form the admin shell puts the event's mail rules
 * (`mailRules`, from the mail-rules area: docs/decisions/052-admin-areas-as-features.md), and beside the
 * header's links the series' buttons (`seriesActions`, docs/product/event-series.md#create-series).
 */
export function EventEditPage({
  mailRules,
  seriesActions,
  certificates,
}: {
  mailRules?: (eventId: string) => ReactNode;
  seriesActions?: (event: AdminEvent) => ReactNode;
  /** The card 'Teilnahmebescheinigung' (docs/product/certificates.md#settings). */
  certificates?: (eventId: string) => ReactNode;
}) {
  usePageTitle('Event bearbeiten');
  const { id = '' } = useParams();
  const { data: event, isPending, error } = useAdminEvent(id);
  if (isPending) return <PageSpinner />;
  if (!event) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{missing ? M.notFound : 'Fehler beim Laden'}</p>
        <Link to="/admin/events" className={buttonClasses('secondary')}>
          Zur Übersicht
        </Link>
      </div>
    );
  }
  return (
    <EventEditor
      key={event.id}
      event={event}
      mailRules={mailRules}
      seriesActions={seriesActions}
      certificates={certificates}
    />
  );
}

function EventEditor({
  event,
  mailRules,
  seriesActions,
  certificates,
}: {
  event: AdminEvent;
  mailRules: ((eventId: string) => ReactNode) | undefined;
  seriesActions: ((event: AdminEvent) => ReactNode) | undefined;
  certificates: ((eventId: string) => ReactNode) | undefined;
}) {
  const [initial] = useState(() => formValuesOf(event));
  const options = useEventFormOptions();
  const update = useUpdateAdminEvent();
  const navigate = useNavigate();
  const [question, setQuestion] = useState<RefundQuestion | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const save = async (input: AdminEventCreateInput, refundAll: boolean): Promise<SaveAnswer> => {
    try {
      await update.mutateAsync({ id: event.id, update: refundAll ? { ...input, refundAll } : input });
      toast.success(M.saved);
      redirect.current = setTimeout(
        () => void navigate('/admin/events', { state: AFTER_SAVE }),
        REDIRECT_AFTER_SAVE_MS,
      );
      return undefined;
    } catch (error) {
      toast.error(failureText(M.saveFailed, error));
      return formErrorsOf(error, (input.categories?.length ?? 1) <= 1) ?? undefined;
    }
  };

  const submit = (input: AdminEventCreateInput): Promise<SaveAnswer> => {
    // 'Abgesagt' on an event with sold tickets: ask whether to refund them all (the refund runs on the server)
    const cancelling = input.status === 'cancelled' && event.status !== 'cancelled';
    if (cancelling && event.activeTicketCount > 0) {
      return new Promise((resolve) => setQuestion({ input, count: event.activeTicketCount, resolve }));
    }
    return save(input, false);
  };

  const answer = async (refundAll: boolean | null) => {
    if (!question) return;
    setQuestion(null);
    question.resolve(refundAll === null ? undefined : await save(question.input, refundAll));
  };

  const saveOrganizers = async (organizerIds: string[]) => {
    try {
      await update.mutateAsync({ id: event.id, update: { organizerIds } });
      toast.success(M.organizersSaved);
      return true;
    } catch (error) {
      toast.error(failureText(M.organizersFailed, error));
      return false;
    }
  };

  return (
    <section aria-labelledby="edit-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="edit-heading" className="text-2xl font-semibold tracking-tight">
          Event bearbeiten
        </h1>
        <div className="flex flex-wrap gap-2">
          {/* docs/product/organizer-day.md#participants */}
          <Link to={`/admin/events/${event.id}/teilnehmende`} className={buttonClasses('secondary', 'sm')}>
            <Users className="h-4 w-4" aria-hidden />
            Teilnehmende
          </Link>
          {/* docs/product/waiting-list.md#admin-waitlist */}
          <Link to={`/admin/events/${event.id}/warteliste`} className={buttonClasses('secondary', 'sm')}>
            <ListOrdered className="h-4 w-4" aria-hidden />
            {event.waitlistCount === undefined ? 'Warteliste' : `Warteliste (${event.waitlistCount})`}
          </Link>
          {/* docs/product/feedback.md#results */}
          <Link to={`/admin/events/${event.id}/feedback`} className={buttonClasses('secondary', 'sm')}>
            <Star className="h-4 w-4" aria-hidden />
            Feedback
          </Link>
          {seriesActions?.(event)}
          <Link to={`/event/${event.slug}`} className={buttonClasses('ghost', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden />
            Event-Seite ansehen
          </Link>
        </div>
      </div>
      {event.activeTicketCount > 0 && (
        <p className="text-sm text-muted-foreground">
          {event.activeTicketCount} {event.activeTicketCount === 1 ? 'aktives Ticket' : 'aktive Tickets'} ·{' '}
          {seatFiguresText(event.seats)}
        </p>
      )}
      {/* docs/product/event-mails.md#minimum-attendance */}
      <MinimumAttendanceStatus event={event} />
      {/* docs/product/charts.md#event-chart */}
      <EventStatsPanel eventId={event.id} />
      <EventForm
        mode="edit"
        initial={initial}
        event={event}
        options={options.data}
        busy={update.isPending}
        onSubmit={submit}
        onSaveOrganizers={saveOrganizers}
      >
        <CoverUpload eventId={event.id} imageUrl={event.imageUrl} title={event.title} />
      </EventForm>
      {certificates?.(event.id)}
      {mailRules?.(event.id)}
      <ConfirmDialog
        open={question !== null}
        title="Event absagen"
        description={
          <p>
            {M.refundAllConfirm(question?.count ?? 0)} Jede Käuferin und jeder Käufer erhält den vollen Betrag
            zurück und eine E-Mail. Mit „Nur absagen“ bleiben die Tickets bestehen.
          </p>
        }
        confirmLabel="Absagen und voll erstatten"
        size="lg"
        secondary={{ label: 'Nur absagen', onClick: () => void answer(false) }}
        onConfirm={() => void answer(true)}
        onCancel={() => void answer(null)}
      />
    </section>
  );
}

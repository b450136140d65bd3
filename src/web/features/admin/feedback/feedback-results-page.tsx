import { ArrowLeft, FileSpreadsheet } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FEEDBACK_MESSAGES as M, formatAverage, type FeedbackResults } from '@shared/feedback-texts';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { CheckboxField, sectionClass } from '@web/features/admin/kit/form-field';
import { downloadFeedbackCsv, useFeedbackResults, useSetFeedbackEnabled } from './api/feedback-results';
import { FeedbackAnswers } from './components/feedback-answers';
import { StarDistribution } from './components/star-distribution';

/** Where the page is shown: the admin area or the organizer area (the back link differs). */
export type FeedbackArea = 'admin' | 'organizer';

const backOf = (area: FeedbackArea, eventId: string) =>
  area === 'admin'
    ? { to: `/admin/events/${encodeURIComponent(eventId)}/edit`, label: 'Event bearbeiten' }
    : { to: '/veranstalter', label: 'Meine Veranstaltungen' };

function loadErrorText(error: Error): string {
  if (error instanceof ApiError && error.status === 403) {
    return 'Du bist für diese Veranstaltung nicht als Veranstalter:in eingetragen.';
  }
  if (error instanceof ApiError && error.status === 404) return error.message || M.eventNotFound;
  return error.message || 'Das Feedback konnte nicht geladen werden.';
}

/**
 * 'Feedback' of one event (docs/product/feedback.md#results): at /admin/events/{id}/feedback for admins and
 * at /veranstalter/events/{id}/feedback for the event's organizers. The switch of the survey 'Wie war's?',
 * average and distribution of the stars, every answer with the choice to show it on the website, the CSV.
 */
export function FeedbackResultsPage({ area }: { area: FeedbackArea }) {
  const { eventId = '' } = useParams();
  const results = useFeedbackResults(eventId);
  usePageTitle(results.data ? `Feedback · ${results.data.eventTitle}` : 'Feedback');
  const back = backOf(area, eventId);
  return (
    <section aria-labelledby="feedback-heading" className="flex flex-col gap-5">
      <div>
        <Link to={back.to} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {back.label}
        </Link>
      </div>
      {results.isPending ? (
        <PageSpinner />
      ) : results.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 id="feedback-heading" className="text-2xl font-semibold tracking-tight">
            Feedback
          </h1>
          <ErrorText alert={false} size="base">
            {loadErrorText(results.error)}
          </ErrorText>
        </div>
      ) : (
        <Results results={results.data} />
      )}
    </section>
  );
}

function Results({ results }: { results: FeedbackResults }) {
  const toggle = useSetFeedbackEnabled(results.eventId);
  const setEnabled = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(error.message || 'Die Umfrage konnte nicht umgeschaltet werden.'),
    });
  const csv = () =>
    downloadFeedbackCsv(results.eventId, results.eventSlug).catch(() =>
      toast.error('Die CSV-Datei konnte nicht geladen werden.'),
    );
  return (
    <>
      <header>
        <h1 id="feedback-heading" className="text-2xl font-semibold tracking-tight break-words">
          Feedback · {results.eventTitle}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatDate(results.startTime, results.timezone)}
        </p>
      </header>
      <section aria-labelledby="survey-switch-heading" className={sectionClass}>
        <h2 id="survey-switch-heading" className="text-lg font-semibold">
          Umfrage „Wie war’s?“
        </h2>
        <div className="mt-3">
          <CheckboxField
            label="Nach dem Event um eine Bewertung bitten"
            checked={results.enabled}
            onChange={setEnabled}
            hint="Die E-Mail-Regel „Wie war’s? (Feedback)“ schickt allen, die eingecheckt wurden (ohne Check-in allen mit gültigem Ticket), am Tag nach dem Ende ihren persönlichen Link. Eine Antwort pro Ticket, ohne Anmeldung."
          />
        </div>
      </section>
      <section aria-labelledby="feedback-summary-heading" className={sectionClass}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="feedback-summary-heading" className="text-lg font-semibold">
              Ergebnis
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {results.count === 0
                ? 'Noch keine Antworten.'
                : `${results.count === 1 ? '1 Antwort' : `${results.count} Antworten`} von ${results.reachable} Tickets`}
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void csv()} disabled={results.count === 0}>
            <FileSpreadsheet className="h-4 w-4" aria-hidden />
            CSV herunterladen
          </Button>
        </div>
        {results.average !== null && (
          <p className="mt-4 text-3xl font-semibold">
            {formatAverage(results.average)}{' '}
            <span className="text-base font-normal text-muted-foreground">von 5 Sternen im Schnitt</span>
          </p>
        )}
        {results.count > 0 && <StarDistribution distribution={results.distribution} total={results.count} />}
      </section>
      <FeedbackAnswers eventId={results.eventId} answers={results.answers} />
    </>
  );
}

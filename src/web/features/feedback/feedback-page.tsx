import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  FEEDBACK_MESSAGES as M,
  FEEDBACK_QUESTIONS as Q,
  FEEDBACK_TEXT_MAX,
  type FeedbackSurvey,
} from '@shared/feedback-texts';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { useSurvey } from './api/get-survey';
import { useSubmitFeedback } from './api/submit-feedback';
import { StarRating } from './components/star-rating';

const TITLE = 'Wie war’s?';

/**
 * /feedback/{token}: the survey 'Wie war's?' of one ticket, without sign-in (docs/product/feedback.md#survey).
 * A link that does not work (forged, account deleted, ticket cancelled, survey off or closed) shows the
 * server's reason; an answered one the thanks.
 */
export function FeedbackPage() {
  const { token = '' } = useParams();
  usePageTitle(TITLE);
  const survey = useSurvey(token);
  return (
    <section aria-labelledby="feedback-heading" className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      {survey.isPending ? (
        <>
          <h1 id="feedback-heading" className="sr-only">
            {TITLE}
          </h1>
          <PageSpinner />
        </>
      ) : survey.isError ? (
        <Notice
          tone="error"
          title="Dieser Link funktioniert nicht"
          text={
            survey.error instanceof ApiError && survey.error.status > 0 && survey.error.status < 500
              ? survey.error.message
              : 'Die Umfrage konnte nicht geladen werden. Bitte versuche es später noch einmal.'
          }
        />
      ) : survey.data.state === 'answered' ? (
        <Notice
          tone="success"
          title={M.thanks}
          text={`Deine Bewertung zu „${survey.data.eventTitle}“ ist angekommen.`}
        />
      ) : (
        <SurveyForm token={token} survey={survey.data} />
      )}
    </section>
  );
}

function Notice({ tone, title, text }: { tone: 'success' | 'error'; title: string; text: string }) {
  const Icon = tone === 'success' ? CheckCircle2 : XCircle;
  return (
    <div className="flex flex-col items-center text-center" role={tone === 'error' ? 'alert' : 'status'}>
      <Icon aria-hidden className={`h-12 w-12 ${tone === 'success' ? 'text-success' : 'text-destructive'}`} />
      <h1 id="feedback-heading" className="mt-4 font-serif text-3xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <Link to="/" className={`${buttonClasses('secondary')} mt-8`}>
        Zu den Veranstaltungen
      </Link>
    </div>
  );
}

function SurveyForm({ token, survey }: { token: string; survey: FeedbackSurvey }) {
  const [stars, setStars] = useState<number | null>(null);
  const [good, setGood] = useState('');
  const [better, setBetter] = useState('');
  const [consent, setConsent] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<{ stars?: string; consent?: string }>({});
  const submit = useSubmitFeedback(token);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      stars: stars === null ? M.stars : undefined,
      consent: consent === null ? M.consent : undefined,
    };
    setErrors(found);
    if (stars === null || consent === null) return;
    submit.mutate({ token, answer: { stars, good, better, publishConsent: consent } });
  };
  const failure =
    submit.error instanceof ApiError && submit.error.status > 0 && submit.error.status < 500
      ? submit.error.message
      : submit.error
        ? 'Deine Bewertung konnte nicht gesendet werden. Bitte versuche es noch einmal.'
        : null;

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-6">
      <header>
        <p className="text-sm font-medium text-primary">
          {survey.eventTitle} · {formatDate(survey.startTime, survey.timezone)}
        </p>
        <h1 id="feedback-heading" className="mt-2 font-serif text-3xl font-semibold tracking-tight">
          {survey.firstName ? `${TITLE.slice(0, -1)}, ${survey.firstName}?` : TITLE}
        </h1>
        <p className="mt-2 text-muted-foreground">
          Sag uns in einer Minute, wie du die Veranstaltung erlebt hast. Du brauchst dich dafür nicht
          anzumelden.
        </p>
      </header>
      <StarRating value={stars} onChange={setStars} legend="Deine Bewertung" error={errors.stars} />
      <Field
        label={Q.good}
        hint={`Freiwillig, höchstens ${FEEDBACK_TEXT_MAX.toLocaleString('de-DE')} Zeichen`}
      >
        <Textarea
          rows={4}
          maxLength={FEEDBACK_TEXT_MAX}
          value={good}
          onChange={(e) => setGood(e.target.value)}
        />
      </Field>
      <Field label={Q.better} hint="Freiwillig">
        <Textarea
          rows={4}
          maxLength={FEEDBACK_TEXT_MAX}
          value={better}
          onChange={(e) => setBetter(e.target.value)}
        />
      </Field>
      <fieldset aria-describedby={errors.consent ? 'consent-error' : 'consent-hint'}>
        <legend className="text-sm font-medium">
          {Q.publishConsent}
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        </legend>
        <p id="consent-hint" className="mt-1 text-xs text-muted-foreground">
          Dann zeigen wir vielleicht deine Sterne und „{Q.good}“ ohne deinen Namen auf der Seite der
          Veranstalter:innen. Wenn du dein Konto löschst, bleibt nur dieser anonyme Text.
        </p>
        <div className="mt-2 flex flex-col gap-2">
          {[
            { value: true, text: 'Ja, anonym veröffentlichen ist in Ordnung' },
            { value: false, text: 'Nein, nur für die Veranstalter:innen' },
          ].map((choice) => (
            <label key={String(choice.value)} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="publish-consent"
                className="h-4 w-4 accent-primary"
                checked={consent === choice.value}
                onChange={() => setConsent(choice.value)}
                aria-invalid={errors.consent ? true : undefined}
              />
              {choice.text}
            </label>
          ))}
        </div>
        {errors.consent && (
          <p id="consent-error" className="mt-1 text-sm text-destructive">
            {errors.consent}
          </p>
        )}
      </fieldset>
      {failure && <ErrorText size="base">{failure}</ErrorText>}
      <Button type="submit" size="lg" className="self-start" disabled={submit.isPending}>
        {submit.isPending ? 'Wird gesendet …' : 'Bewertung senden'}
      </Button>
    </form>
  );
}

import { Star } from 'lucide-react';
import { FEEDBACK_MESSAGES as M, FEEDBACK_QUESTIONS as Q, type FeedbackAnswer } from '@shared/feedback-texts';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { sectionClass } from '@web/features/admin/kit/form-field';
import { useSetFeedbackFeatured } from '../api/feedback-results';

/** Why an answer cannot be shown on the website, or null when it can. */
const notShowable = (answer: FeedbackAnswer) =>
  !answer.publishConsent ? M.featureNeedsConsent : !answer.good.trim() ? M.featureNeedsText : null;

/**
 * Every answer, newest first, without names (docs/product/feedback.md#results); with consent an answer can be
 * chosen for the organizer's and the series' public pages (docs/product/feedback.md#featured).
 */
export function FeedbackAnswers({ eventId, answers }: { eventId: string; answers: FeedbackAnswer[] }) {
  const feature = useSetFeedbackFeatured(eventId);
  const setFeatured = (answer: FeedbackAnswer, featured: boolean) =>
    feature.mutate(
      { answerId: answer.id, featured },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(error.message || 'Die Antwort konnte nicht geändert werden.'),
      },
    );
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="feedback-answers-heading" className="flex flex-col gap-3">
      <h2 id="feedback-answers-heading" className="text-lg font-semibold">
        Antworten
      </h2>
      <ul className="flex flex-col gap-3">
        {answers.map((answer) => {
          const reason = notShowable(answer);
          return (
            <li key={answer.id} className={sectionClass}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-0.5">
                  <span className="sr-only">{`${answer.stars} von 5 Sternen`}</span>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star
                      key={n}
                      aria-hidden
                      className={`h-5 w-5 ${n <= answer.stars ? 'fill-warning text-warning' : 'text-muted-foreground'}`}
                    />
                  ))}
                </p>
                <p className="text-xs text-muted-foreground">{formatDateTimeShort(answer.submittedAt)}</p>
              </div>
              {answer.good && (
                <div className="mt-3">
                  <h3 className="text-xs font-medium text-muted-foreground">{Q.good}</h3>
                  <p className="mt-0.5 whitespace-pre-line break-words">{answer.good}</p>
                </div>
              )}
              {answer.better && (
                <div className="mt-3">
                  <h3 className="text-xs font-medium text-muted-foreground">{Q.better}</h3>
                  <p className="mt-0.5 whitespace-pre-line break-words">{answer.better}</p>
                </div>
              )}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {answer.featured ? (
                  <Badge tone="success">Auf der Website</Badge>
                ) : answer.publishConsent ? (
                  <Badge tone="primary">Veröffentlichen erlaubt</Badge>
                ) : (
                  <Badge>Nur intern</Badge>
                )}
                {answer.featured ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={feature.isPending}
                    onClick={() => setFeatured(answer, false)}
                  >
                    Nicht mehr zeigen
                  </Button>
                ) : reason ? (
                  answer.publishConsent && (
                    <span className="text-xs text-muted-foreground">Kein Text unter „{Q.good}“</span>
                  )
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={feature.isPending}
                    onClick={() => setFeatured(answer, true)}
                  >
                    Auf der Website zeigen
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

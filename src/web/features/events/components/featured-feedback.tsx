import { Star } from 'lucide-react';
import { FEATURED_FEEDBACK_LIMIT, type FeaturedFeedback } from '@shared/feedback-texts';
import { formatMonth } from '@web/lib/format';
import { useFeaturedFeedback } from '../api/get-featured-feedback';

/** The featured comments that `pick` chooses, newest first, at most `limit`. */
export function useFeaturedComments(
  pick: (comment: FeaturedFeedback) => boolean,
  limit = FEATURED_FEEDBACK_LIMIT,
) {
  const { data } = useFeaturedFeedback();
  return (data?.comments ?? []).filter(pick).slice(0, limit);
}

/**
 * Comments of participants as quotes: stars, 'Was war gut?', the event and its month; nobody is named
 * (docs/product/feedback.md#featured).
 */
export function FeedbackQuotes({
  comments,
  compact = false,
}: {
  comments: FeaturedFeedback[];
  compact?: boolean;
}) {
  return (
    <ul className={`flex flex-col ${compact ? 'gap-3' : 'gap-4'}`}>
      {comments.map((comment) => (
        <li key={comment.id}>
          <figure className={compact ? '' : 'rounded-xl border border-border bg-card p-5'}>
            <p className="flex items-center gap-0.5">
              <span className="sr-only">{`${comment.stars} von 5 Sternen`}</span>
              {[1, 2, 3, 4, 5].map((n) => (
                <Star
                  key={n}
                  aria-hidden
                  className={`h-4 w-4 ${n <= comment.stars ? 'fill-warning text-warning' : 'text-muted-foreground'}`}
                />
              ))}
            </p>
            <blockquote className={`mt-2 break-words hyphens-auto ${compact ? 'text-sm' : ''}`}>
              <p>„{comment.text}“</p>
            </blockquote>
            <figcaption className="mt-1 text-xs text-muted-foreground">
              Teilnehmer:in, {comment.eventTitle}, {formatMonth(comment.startTime, comment.timezone)}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** 'Das sagen Teilnehmende' on a series page: the featured comments of its dates. */
export function SeriesFeedback({ slug }: { slug: string }) {
  const comments = useFeaturedComments((comment) => comment.seriesSlug === slug);
  if (comments.length === 0) return null;
  return (
    <section aria-labelledby="series-feedback-heading" className="mt-10">
      <h2 id="series-feedback-heading" className="text-lg font-semibold">
        Das sagen Teilnehmende
      </h2>
      <div className="mt-3">
        <FeedbackQuotes comments={comments} />
      </div>
    </section>
  );
}

/** Under an organizer in 'Wer wir sind': up to two comments of their events. */
export function OrganizerFeedback({ organizerId, name }: { organizerId: string; name: string }) {
  const comments = useFeaturedComments((comment) => comment.organizerIds.includes(organizerId), 2);
  if (comments.length === 0) return null;
  return (
    <section aria-label={`Stimmen zu ${name}`} className="mt-4 border-t border-border pt-4">
      <FeedbackQuotes comments={comments} compact />
    </section>
  );
}

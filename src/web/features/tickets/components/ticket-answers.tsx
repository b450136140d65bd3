import { MessageSquareText, PenLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import {
  ANSWER_TEXTS,
  answerLineText,
  orderAnswers,
  ticketAnswers,
  toAnswerLine,
  type MyTicketAnswers,
} from '@shared/answer-lists';
import { Button } from '@web/components/ui/button';

// the form comes in its own chunk, like checkout's questions: most events ask nothing
const AnswersDialog = lazy(() =>
  import('./answers-dialog').then((module) => ({ default: module.AnswersDialog })),
);

/**
 * The buyer's answers on a ticket's card (docs/product/ticket-categories.md#answers): the order's once, on the
 * booking's first card with 'Antworten ändern' until the start; each person's at their ticket. Answers are
 * plain text, React escapes them.
 */
export function TicketAnswers({ bookingId, answers }: { bookingId: string; answers: MyTicketAnswers }) {
  const [editing, setEditing] = useState(false);
  const pair = answers.lines.some((line) => line.seatsPerTicket > 1);
  const lines = [
    ...(answers.first ? orderAnswers(answers.given) : []),
    ...ticketAnswers(answers.given, answers.position),
  ].map(toAnswerLine);
  const canEdit = answers.first && answers.editable;
  if (lines.length === 0 && !canEdit) return null;
  return (
    <section
      aria-label={ANSWER_TEXTS.heading}
      className="flex flex-col gap-2 text-sm"
      data-testid="ticket-answers"
    >
      {lines.length > 0 && (
        <ul className="flex flex-col gap-1">
          {lines.map((line) => (
            <li key={`${line.questionId}:${line.person ?? 0}`} className="flex min-w-0 items-start gap-2">
              <MessageSquareText className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 break-words">{answerLineText(line, pair)}</span>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <>
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
            <PenLine className="h-4 w-4" aria-hidden />
            {ANSWER_TEXTS.edit}
          </Button>
          {editing && (
            <Suspense fallback={null}>
              <AnswersDialog open bookingId={bookingId} answers={answers} onClose={() => setEditing(false)} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

import { answerKey, type AnswerValue, type EventQuestion } from '@shared/questions';
import { answerSlots, type AnswerValues } from '../answers';
import { QuestionField } from '@web/components/questions/question-field';

/**
 * 'Fragen an Teilnehmende' at checkout (docs/product/ticket-categories.md#questions), in its own chunk: the ones
 * asked once per order, then per person those asked for every ticket ('Person 1 (Ticket 1: Einzelzimmer)'; a pair
 * ticket's two persons each). Messages stand at their fields.
 */
export function QuestionsForm({
  questions,
  lines,
  named,
  values,
  errors,
  onChange,
  className,
}: {
  questions: EventQuestion[];
  lines: { name: string; quantity: number; seatsPerTicket: number }[];
  named: boolean;
  values: AnswerValues;
  errors: Record<string, string>;
  onChange: (key: string, value: AnswerValue) => void;
  className?: string;
}) {
  const once = questions.filter((question) => !question.perTicket);
  const perPerson = questions.filter((question) => question.perTicket);
  const slots = perPerson.length ? answerSlots(lines, named) : [];
  const field = (question: EventQuestion, key: string) => (
    <QuestionField
      key={key}
      question={question}
      fieldKey={key}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => onChange(key, value)}
    />
  );
  return (
    <section aria-labelledby="questions-heading" className={className} data-testid="questions">
      <h2 id="questions-heading" className="text-lg font-semibold">
        Fragen an Teilnehmende
      </h2>
      <div className="mt-4 flex flex-col gap-6">
        {once.length > 0 && (
          <div className="flex flex-col gap-5">
            {once.map((question) => field(question, answerKey(question.id, null, null)))}
          </div>
        )}
        {slots.map((slot) => (
          <fieldset
            key={`${slot.ticket}:${slot.person}`}
            className="flex flex-col gap-5 border-t border-border pt-5"
            data-testid="question-person"
          >
            <legend className="float-left mb-1 font-semibold">{slot.label}</legend>
            {perPerson.map((question) => field(question, answerKey(question.id, slot.ticket, slot.person)))}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

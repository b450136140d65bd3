import type { AnswerInput } from '@shared/booking-schemas';
import {
  answerPersons,
  checkAnswers,
  isEmptyAnswer,
  type EventQuestion,
  type StoredAnswer,
} from '@shared/questions';
import { AppError } from '../app-error';

/**
 * Answers as the booking stores them (docs/product/ticket-categories.md#answers): empty ones left out, text
 * trimmed, the question's label kept with each, ticket and person only for questions asked per person.
 */
export function toStoredAnswers(questions: EventQuestion[], inputs: AnswerInput[]): StoredAnswer[] {
  return inputs
    .filter((answer) => !isEmptyAnswer(answer.value))
    .map((answer) => {
      const question = questions.find((candidate) => candidate.id === answer.questionId);
      const perTicket = question?.perTicket ?? false;
      return {
        questionId: answer.questionId,
        label: question?.label ?? '',
        ticket: perTicket ? answer.ticket : null,
        person: perTicket ? (answer.person ?? 1) : null,
        value: typeof answer.value === 'string' ? answer.value.trim() : answer.value,
      };
    });
}

/**
 * Checks stored answers against the questions and the booking's persons (lines of quantity × seats per
 * ticket); throws the 422 with one message per field ('q:<id>' or 'q:<id>:<ticket>:<person>').
 */
export function assertAnswersComplete(
  questions: EventQuestion[],
  answers: StoredAnswer[],
  lines: { quantity: number; seatsPerTicket: number }[],
): void {
  const errors = checkAnswers(questions, answers, answerPersons(lines));
  const keys = Object.keys(errors);
  if (keys.length === 0) return;
  throw new AppError(
    'validation_failed',
    errors[keys[0]!]!,
    keys.map((path) => ({ path, message: errors[path]! })),
  );
}

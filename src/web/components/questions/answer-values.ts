import type { AnswerInput } from '@shared/booking-schemas';
import {
  answerKey,
  answerPersons,
  checkAnswers,
  isEmptyAnswer,
  type AnswerValue,
  type EventQuestion,
  type StoredAnswer,
} from '@shared/questions';

// The values of an answers form by field key ('q:<id>' or 'q:<id>:<ticket>:<person>', the keys of checkAnswers
// and of the server's 422), from and to the answers (docs/product/ticket-categories.md#answers).

export type AnswerValues = Record<string, AnswerValue>;

/** The stored answers as the form's values. */
export const valuesOf = (answers: readonly StoredAnswer[]): AnswerValues =>
  Object.fromEntries(
    answers.map((answer) => [answerKey(answer.questionId, answer.ticket, answer.person), answer.value]),
  );

const clean = (value: AnswerValue): AnswerValue => (typeof value === 'string' ? value.trim() : value);

/** What is sent for these persons, and the shared check's messages by field key. */
export function answersToSend(
  questions: EventQuestion[],
  values: AnswerValues,
  lines: { quantity: number; seatsPerTicket: number }[],
) {
  const persons = answerPersons(lines);
  const answers: AnswerInput[] = [];
  for (const question of questions) {
    const slots = question.perTicket ? persons : [{ ticket: null, person: null }];
    for (const { ticket, person } of slots) {
      const value = values[answerKey(question.id, ticket, person)];
      if (value === undefined || isEmptyAnswer(clean(value))) continue;
      answers.push({ questionId: question.id, ticket, person, value: clean(value) });
    }
  }
  const stored: StoredAnswer[] = answers.map((answer) => ({ ...answer, label: '' }));
  return { answers, errors: checkAnswers(questions, stored, persons) };
}

// Questions to the buyer ('Fragen an Teilnehmende', docs/product/ticket-categories.md#questions): what an event
// asks, once per order or per ticket (both persons of a pair ticket), and the answers stored with the booking.
export const QUESTION_KINDS = ['text', 'textarea', 'choice', 'multi', 'yesno', 'date'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Kurzer Text',
  textarea: 'Langer Text',
  choice: 'Eine Auswahl',
  multi: 'Mehrere Auswahlen',
  yesno: 'Ja/Nein',
  date: 'Datum',
};

export const QUESTION_MESSAGES = {
  required: (label: string) => `Bitte beantworte „${label}“.`,
  invalidChoice: (label: string) => `Bitte wähle bei „${label}“ eine der Möglichkeiten.`,
  invalidDate: (label: string) => `Bitte gib bei „${label}“ ein gültiges Datum an.`,
  tooLong: (label: string, max: number) =>
    `Die Antwort auf „${label}“ darf höchstens ${max} Zeichen lang sein.`,
  unknownQuestion: 'Diese Frage gibt es für dieses Event nicht.',
  editClosed: 'Antworten können nur bis zum Beginn des Events geändert werden.',
  label: 'Bitte gib die Frage ein.',
  options: 'Bitte gib mindestens zwei Möglichkeiten an.',
} as const;

export const ANSWER_MAX_SHORT = 200;
export const ANSWER_MAX_LONG = 2000;

export interface EventQuestion {
  id: string;
  label: string;
  /** A hint under the field. */
  help: string | null;
  kind: QuestionKind;
  /** The choices of 'choice' and 'multi'. */
  options: string[];
  required: boolean;
  /** Asked for every person (per ticket; both persons of a pair ticket) instead of once per order. */
  perTicket: boolean;
  position: number;
}

/** Text, a date 'YYYY-MM-DD', the chosen options, or yes/no. */
export type AnswerValue = string | string[] | boolean;

/**
 * One answer as stored in bookings.answers: the question's label is kept with it, so an answer still reads
 * right after the question was reworded or deleted. `ticket` is the ticket's position (1…) and `person` 1 or 2
 * (the pair's second person) for per-ticket questions; both null for a question asked once per order.
 */
export interface StoredAnswer {
  questionId: string;
  label: string;
  ticket: number | null;
  person: number | null;
  value: AnswerValue;
}

/** How an answer reads in lists, CSV, PDFs and at the door. */
export function answerText(value: AnswerValue): string {
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.join(', ');
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}.${month}.${year}`;
  }
  return value;
}

/** Empty: nothing given (an unchecked yes/no is an answer: 'Nein'). */
export const isEmptyAnswer = (value: AnswerValue | undefined | null) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Checks answers against an event's questions (docs/product/ticket-categories.md#answers): required ones given,
 * choices among the options, dates real, lengths bounded. `persons` lists (ticket, person) of every person the
 * per-ticket questions are asked for. Answers the messages by field key ('q:<id>' or 'q:<id>:<ticket>:<person>').
 */
export function checkAnswers(
  questions: EventQuestion[],
  answers: StoredAnswer[],
  persons: { ticket: number; person: number }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const find = (id: string, ticket: number | null, person: number | null) =>
    answers.find(
      (answer) => answer.questionId === id && answer.ticket === ticket && answer.person === person,
    );
  for (const question of questions) {
    const slots = question.perTicket ? persons : [{ ticket: null, person: null }];
    for (const slot of slots) {
      const key = answerKey(question.id, slot.ticket, slot.person);
      const value = find(question.id, slot.ticket, slot.person)?.value;
      const message = checkValue(question, value);
      if (message) errors[key] = message;
    }
  }
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.questionId)) {
      errors[answerKey(answer.questionId, answer.ticket, answer.person)] = QUESTION_MESSAGES.unknownQuestion;
    }
  }
  return errors;
}

export const answerKey = (questionId: string, ticket: number | null, person: number | null) =>
  ticket === null ? `q:${questionId}` : `q:${questionId}:${ticket}:${person ?? 1}`;

function checkValue(question: EventQuestion, value: AnswerValue | undefined): string | null {
  if (isEmptyAnswer(value)) return question.required ? QUESTION_MESSAGES.required(question.label) : null;
  switch (question.kind) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return QUESTION_MESSAGES.required(question.label);
      const max = question.kind === 'text' ? ANSWER_MAX_SHORT : ANSWER_MAX_LONG;
      return value.length > max ? QUESTION_MESSAGES.tooLong(question.label, max) : null;
    }
    case 'choice':
      return typeof value === 'string' && question.options.includes(value)
        ? null
        : QUESTION_MESSAGES.invalidChoice(question.label);
    case 'multi':
      return Array.isArray(value) && value.every((option) => question.options.includes(option))
        ? null
        : QUESTION_MESSAGES.invalidChoice(question.label);
    case 'yesno':
      return typeof value === 'boolean' ? null : QUESTION_MESSAGES.required(question.label);
    case 'date':
      return typeof value === 'string' && isRealDate(value)
        ? null
        : QUESTION_MESSAGES.invalidDate(question.label);
  }
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The persons per-ticket questions are asked for: every ticket, and a pair ticket's second person too. */
export function answerPersons(lines: { quantity: number; seatsPerTicket: number }[]) {
  const persons: { ticket: number; person: number }[] = [];
  let ticket = 0;
  for (const line of lines) {
    for (let n = 0; n < line.quantity; n++) {
      ticket += 1;
      for (let person = 1; person <= line.seatsPerTicket; person++) persons.push({ ticket, person });
    }
  }
  return persons;
}

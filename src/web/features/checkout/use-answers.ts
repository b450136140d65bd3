import { useEffect, useState } from 'react';
import type { AnswerInput } from '@shared/booking-schemas';
import type { AnswerValue, EventQuestion } from '@shared/questions';
import type { AnswerValues } from './answers';

// the check and the answers' assembly come with the questions' form, in its chunk (only events with questions)
const loadAnswers = () => import('./answers');

/**
 * The answers typed at checkout (docs/product/ticket-categories.md#answers) and their messages by field key
 * ('q:<id>' or 'q:<id>:<ticket>:<person>'): from the shared check before sending, or from the server's 422.
 * Each refusal moves the focus to the first field with a message.
 */
export function useAnswers(questions: EventQuestion[]) {
  const [values, setValues] = useState<AnswerValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    const first = [...document.querySelectorAll<HTMLElement>('[id^="answer-q:"]')].find(
      (element) => errors[element.id.slice('answer-'.length)],
    );
    first?.focus();
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new refusal moves the focus

  const refuse = (next: Record<string, string>) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

  const change = (key: string, value: AnswerValue) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** The answers to send for these lines; null (messages at the fields) when one is missing or wrong. */
  const submit = async (
    lines: { name: string; quantity: number; seatsPerTicket: number }[],
  ): Promise<AnswerInput[] | null | undefined> => {
    if (questions.length === 0) return undefined;
    const { prepareAnswers } = await loadAnswers();
    const prepared = prepareAnswers(questions, values, lines);
    if (Object.keys(prepared.errors).length > 0) {
      refuse(prepared.errors);
      return null;
    }
    setErrors({});
    return prepared.answers;
  };

  /** A 422's answer messages at their fields; false when none of its details is about an answer. */
  const showServerProblems = (details: { path: string; message: string }[]): boolean => {
    const found: Record<string, string> = {};
    for (const { path, message } of details) if (path.startsWith('q:')) found[path] ??= message;
    if (Object.keys(found).length === 0) return false;
    refuse(found);
    return true;
  };

  return { values, errors, change, submit, showServerProblems };
}

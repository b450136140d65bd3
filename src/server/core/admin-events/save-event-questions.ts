import { and, eq, notInArray } from 'drizzle-orm';
import type { AdminQuestionValues } from '@shared/admin-categories';
import { QUESTION_MESSAGES } from '@shared/questions';
import type { Tx } from '../../db/types';
import { eventQuestions } from '../../db/schema';
import { AppError } from '../app-error';

export interface SaveEventQuestionsOptions {
  eventId: string;
  /** The whole list in its order; entries without id are new, stored ones not listed are deleted. */
  questions: AdminQuestionValues[];
}

/**
 * Replaces an event's questions by id (docs/product/ticket-categories.md#questions), in the caller's
 * transaction. Deleting a question loses no answer: bookings keep each answer with the question's label
 * (docs/product/ticket-categories.md#answers). Positions follow the list.
 */
export async function saveEventQuestions(tx: Tx, options: SaveEventQuestionsOptions): Promise<void> {
  const { eventId, questions } = options;
  const stored = await tx
    .select({ id: eventQuestions.id })
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId));
  const storedIds = new Set(stored.map((row) => row.id));
  questions.forEach((question, index) => {
    if (question.id && !storedIds.has(question.id)) {
      const issue = { path: `questions.${index}`, message: QUESTION_MESSAGES.unknownQuestion };
      throw new AppError('validation_failed', issue.message, [issue]);
    }
  });
  const kept = questions.flatMap((question) => (question.id ? [question.id] : []));
  await tx
    .delete(eventQuestions)
    .where(
      and(
        eq(eventQuestions.eventId, eventId),
        kept.length > 0 ? notInArray(eventQuestions.id, kept) : undefined,
      ),
    );
  for (const [position, question] of questions.entries()) {
    const { id, ...fields } = question;
    if (id)
      await tx
        .update(eventQuestions)
        .set({ ...fields, position })
        .where(and(eq(eventQuestions.id, id), eq(eventQuestions.eventId, eventId)));
    else await tx.insert(eventQuestions).values({ ...fields, position, eventId });
  }
}

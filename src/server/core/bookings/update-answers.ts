import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_MESSAGES } from '@shared/booking';
import type { AnswerInput } from '@shared/booking-schemas';
import { QUESTION_MESSAGES, type StoredAnswer } from '@shared/questions';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { Db } from '../../db/types';
import { bookingItems, bookings, events } from '../../db/schema';
import { loadQuestions, toEventQuestion } from '../ticket-categories/category-seats';
import { assertAnswersComplete, toStoredAnswers } from './stored-answers';

/**
 * PUT /api/bookings/:id/answers: the buyer changes the answers of their booking until the event starts
 * (docs/product/ticket-categories.md#answers). Checked like at checkout, against the event's questions as they
 * are now and the booking's persons; the whole set replaces the stored one, with the questions' current labels.
 * Someone else's booking answers the same 404 as a missing one (like GET /api/bookings/:id).
 */
export async function updateAnswers(options: {
  db: Db;
  bookingId: string;
  user: Actor;
  answers: AnswerInput[];
  now?: Date;
}): Promise<{ answers: StoredAnswer[] }> {
  const { db, bookingId, user, now = new Date() } = options;
  const notFound = new AppError('not_found', BOOKING_MESSAGES.bookingNotFound);
  if (!z.uuid().safeParse(bookingId).success) throw notFound;
  const [booking] = await db
    .select({ profileId: bookings.profileId, eventId: bookings.eventId, startTime: events.startTime })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  if (!booking || booking.profileId !== user.id) throw notFound;
  if (booking.startTime.getTime() <= now.getTime())
    throw new AppError('conflict', QUESTION_MESSAGES.editClosed);
  const [questionRows, lines] = await Promise.all([
    loadQuestions(db, [booking.eventId]),
    db
      .select({ quantity: bookingItems.quantity, seatsPerTicket: bookingItems.seatsPerTicket })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, bookingId))
      .orderBy(asc(bookingItems.position)),
  ]);
  const questions = questionRows.map(toEventQuestion);
  const answers = toStoredAnswers(questions, options.answers);
  assertAnswersComplete(questions, answers, lines);
  // the owner again in the UPDATE: an account deleted meanwhile keeps its bookings without answers
  const updated = await db
    .update(bookings)
    .set({ answers, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.profileId, user.id)))
    .returning({ id: bookings.id });
  if (updated.length === 0) throw notFound;
  return { answers };
}

import { asc, inArray } from 'drizzle-orm';
import type { MyTicketAnswers } from '@shared/answer-lists';
import type { StoredAnswer } from '@shared/questions';
import type { Db } from '../../db/types';
import { bookingItems } from '../../db/schema';
import { loadQuestions, toEventQuestion } from '../ticket-categories/category-seats';

interface AnswerRow {
  isBuyer: boolean;
  ticketId: string;
  bookingId: string;
  eventId: string;
  position: number;
  active: boolean;
  started: boolean;
  answers: StoredAnswer[] | null;
}

/**
 * The answers each of the buyer's tickets shows in 'Meine Tickets' (docs/product/ticket-categories.md#answers):
 * the order's on the booking's first card (with the form), each person's at their ticket. None for a
 * substitute holder, nor where the event asks nothing and nothing was answered.
 */
export async function myTicketAnswers(db: Db, rows: AnswerRow[]): Promise<Map<string, MyTicketAnswers>> {
  const bought = rows.filter((row) => row.isBuyer);
  const result = new Map<string, MyTicketAnswers>();
  if (bought.length === 0) return result;
  const bookingIds = [...new Set(bought.map((row) => row.bookingId))];
  const [questionRows, itemRows] = await Promise.all([
    loadQuestions(db, [...new Set(bought.map((row) => row.eventId))]),
    db
      .select({
        bookingId: bookingItems.bookingId,
        quantity: bookingItems.quantity,
        seatsPerTicket: bookingItems.seatsPerTicket,
      })
      .from(bookingItems)
      .where(inArray(bookingItems.bookingId, bookingIds))
      .orderBy(asc(bookingItems.position)),
  ]);
  const firstOf = new Map<string, number>();
  const anyActive = new Set<string>();
  for (const row of bought) {
    firstOf.set(row.bookingId, Math.min(firstOf.get(row.bookingId) ?? Infinity, row.position));
    if (row.active) anyActive.add(row.bookingId);
  }
  for (const row of bought) {
    const questions = questionRows
      .filter((question) => question.eventId === row.eventId)
      .map(toEventQuestion);
    const given = row.answers ?? [];
    if (questions.length === 0 && given.length === 0) continue;
    result.set(row.ticketId, {
      position: row.position,
      first: firstOf.get(row.bookingId) === row.position,
      given,
      questions,
      lines: itemRows
        .filter((item) => item.bookingId === row.bookingId)
        .map(({ quantity, seatsPerTicket }) => ({ quantity, seatsPerTicket })),
      editable: questions.length > 0 && !row.started && anyActive.has(row.bookingId),
    });
  }
  return result;
}

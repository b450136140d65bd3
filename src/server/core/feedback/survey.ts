import { eq, sql } from 'drizzle-orm';
import {
  FEEDBACK_MESSAGES as M,
  FEEDBACK_OPEN_DAYS,
  type FeedbackAnswerData,
  type FeedbackSurvey,
} from '@shared/feedback';
import type { Db, DbOrTx } from '../../db/types';
import { bookings, events, feedbackAnswers, feedbackSettings, profiles, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { ticketIdOfFeedbackToken } from './feedback-token';

// The survey page /feedback/{token} (docs/product/feedback.md#survey): no sign-in, the signed link is the
// key. Every rule is checked here, for the page and again for the answer, and a refused answer stores nothing.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ticket behind a token with what the rules need, or the reason the link does not work (AppError). */
async function surveyTicket(db: DbOrTx, secret: string, token: string, now: Date) {
  const ticketId = ticketIdOfFeedbackToken(secret, token);
  if (!ticketId) throw new AppError('not_found', M.invalidLink);
  const [row] = await db
    .select({
      ticketId: tickets.id,
      status: tickets.status,
      holderName: tickets.holderName,
      holderEmail: tickets.holderEmail,
      bookingHolder: bookings.holderName,
      buyerId: bookings.profileId,
      buyerEmail: profiles.email,
      buyerName: profiles.fullName,
      eventId: events.id,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
      eventStatus: events.status,
      enabled: feedbackSettings.enabled,
      answered: sql<boolean>`EXISTS (SELECT 1 FROM feedback_answers a WHERE a.ticket_id = ${tickets.id})`,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .leftJoin(feedbackSettings, eq(feedbackSettings.eventId, events.id))
    .where(eq(tickets.id, ticketId));
  if (!row) throw new AppError('not_found', M.ticketGone);
  // the person the ticket's mails go to, as the mail rules find them (core/event-mails/event-mail.ts): a
  // substitute's address, else the buyer's account. Neither left means the account was deleted.
  if (!row.holderEmail && !row.buyerEmail) throw new AppError('not_found', M.accountDeleted);
  if (row.status !== 'active') throw new AppError('conflict', M.ticketCancelled);
  if (row.eventStatus === 'cancelled') throw new AppError('conflict', M.eventCancelled);
  if (!row.enabled) throw new AppError('not_found', M.surveyOff);
  if (row.endTime.getTime() > now.getTime()) throw new AppError('conflict', M.notYet);
  if (now.getTime() - row.endTime.getTime() > FEEDBACK_OPEN_DAYS * DAY_MS) {
    throw new AppError('conflict', M.closed);
  }
  return row;
}

const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? '';

/** GET /api/feedback/survey/:token: the event and whether the ticket's answer is in. */
export async function loadSurvey(
  db: Db,
  input: { secret: string; token: string; now?: Date },
): Promise<FeedbackSurvey> {
  const row = await surveyTicket(db, input.secret, input.token, input.now ?? new Date());
  return {
    eventTitle: row.title,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    timezone: row.timezone,
    firstName: firstName(row.holderEmail ? row.holderName : (row.bookingHolder ?? row.buyerName)),
    state: row.answered ? 'answered' : 'open',
  };
}

/**
 * POST /api/feedback/survey/:token: stores the ticket's one answer. The answer belongs to the person the
 * ticket is for: a substitute's account when they have one (else nobody), otherwise the buyer's; that is whose
 * data export shows it and whose deletion removes it (docs/product/feedback.md#privacy). A second answer, also
 * one racing the first, is refused by the unique index and changes nothing.
 */
export async function submitFeedback(
  db: Db,
  input: { secret: string; token: string; answer: FeedbackAnswerData; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await surveyTicket(tx, input.secret, input.token, now);
    if (row.answered) throw new AppError('conflict', M.alreadyAnswered);
    let profileId = row.holderEmail ? null : row.buyerId;
    if (row.holderEmail) {
      const [holder] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${row.holderEmail.toLowerCase()}`);
      profileId = holder?.id ?? null;
    }
    const inserted = await tx
      .insert(feedbackAnswers)
      .values({
        eventId: row.eventId,
        ticketId: row.ticketId,
        profileId,
        stars: input.answer.stars,
        good: input.answer.good,
        better: input.answer.better,
        publishConsent: input.answer.publishConsent,
        submittedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: feedbackAnswers.id });
    if (inserted.length === 0) throw new AppError('conflict', M.alreadyAnswered);
  });
}

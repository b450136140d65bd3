import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  FEEDBACK_MESSAGES as M,
  FEEDBACK_LINK_NEEDS_SURVEY,
  FEEDBACK_QUESTIONS,
  type FeedbackAnswer,
  type FeedbackResults,
} from '@shared/feedback';
import { formatDate, formatTime } from '@shared/date-range';
import type { Db, DbOrTx, Event } from '../../db/types';
import { feedbackAnswers, feedbackSettings, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { CSV_BOM, csvLine } from '../csv/csv-cells';

// What the survey brought in, for admins and the event's organizers (docs/product/feedback.md#results). The
// caller has checked that the actor may run the event (core/participants/assert-may-run-event.ts, which
// stands above this floor); these functions take the event it answered.

async function answersOf(db: DbOrTx, eventId: string): Promise<FeedbackAnswer[]> {
  const rows = await db
    .select()
    .from(feedbackAnswers)
    .where(eq(feedbackAnswers.eventId, eventId))
    .orderBy(desc(feedbackAnswers.submittedAt), desc(feedbackAnswers.id));
  return rows.map((row) => ({
    id: row.id,
    stars: row.stars,
    good: row.good,
    better: row.better,
    publishConsent: row.publishConsent,
    featured: row.featured,
    submittedAt: row.submittedAt.toISOString(),
  }));
}

export async function isFeedbackEnabled(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: feedbackSettings.enabled })
    .from(feedbackSettings)
    .where(eq(feedbackSettings.eventId, eventId));
  return row?.enabled ?? false;
}

/** The switch, average, distribution and every answer (newest first). */
export async function loadFeedbackResults(db: Db, event: Event): Promise<FeedbackResults> {
  const answers = await answersOf(db, event.id);
  const distribution: FeedbackResults['distribution'] = [0, 0, 0, 0, 0];
  for (const answer of answers) distribution[answer.stars - 1]!++;
  const sum = answers.reduce((total, answer) => total + answer.stars, 0);
  const [reachable] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'active')));
  return {
    eventId: event.id,
    eventTitle: event.title,
    eventSlug: event.slug,
    startTime: event.startTime.toISOString(),
    endTime: event.endTime.toISOString(),
    timezone: event.timezone,
    enabled: await isFeedbackEnabled(db, event.id),
    count: answers.length,
    average: answers.length ? Math.round((sum / answers.length) * 10) / 10 : null,
    distribution,
    reachable: reachable?.n ?? 0,
    answers,
  };
}

/** Switches the survey of an event on or off (docs/product/feedback.md#switch). */
export async function setFeedbackEnabled(db: Db, event: Event, enabled: boolean): Promise<void> {
  await db
    .insert(feedbackSettings)
    .values({ eventId: event.id, enabled })
    .onConflictDoUpdate({ target: feedbackSettings.eventId, set: { enabled, updatedAt: new Date() } });
}

/**
 * Shows an answer on the public pages or takes it off (docs/product/feedback.md#featured). Only an answer
 * whose person agreed and that says what was good; the database refuses featuring without consent as well.
 */
export async function setFeedbackFeatured(
  db: Db,
  input: { event: Event; answerId: string; featured: boolean },
): Promise<FeedbackAnswer> {
  if (!z.uuid().safeParse(input.answerId).success) throw new AppError('not_found', M.answerNotFound);
  return db.transaction(async (tx) => {
    const [answer] = await tx
      .select()
      .from(feedbackAnswers)
      .where(and(eq(feedbackAnswers.id, input.answerId), eq(feedbackAnswers.eventId, input.event.id)))
      .for('update');
    if (!answer) throw new AppError('not_found', M.answerNotFound);
    if (input.featured && !answer.publishConsent) throw new AppError('conflict', M.featureNeedsConsent);
    if (input.featured && !answer.good.trim()) throw new AppError('conflict', M.featureNeedsText);
    await tx
      .update(feedbackAnswers)
      .set({ featured: input.featured })
      .where(eq(feedbackAnswers.id, answer.id));
    const [updated] = (await answersOf(tx, input.event.id)).filter((row) => row.id === answer.id);
    return updated!;
  });
}

export const FEEDBACK_CSV_COLUMNS = [
  'Eingegangen am',
  'Uhrzeit',
  'Sterne',
  FEEDBACK_QUESTIONS.good,
  FEEDBACK_QUESTIONS.better,
  'Anonym veröffentlichen erlaubt',
  'Auf der Website gezeigt',
] as const;

/** The answers as CSV (semicolons, BOM: core/csv), newest first; like the results, without names. */
export async function feedbackCsv(db: Db, event: Event): Promise<string> {
  const answers = await answersOf(db, event.id);
  return (
    CSV_BOM +
    csvLine([...FEEDBACK_CSV_COLUMNS]) +
    answers
      .map((answer) =>
        csvLine([
          formatDate(answer.submittedAt, event.timezone),
          formatTime(answer.submittedAt, event.timezone),
          String(answer.stars),
          answer.good,
          answer.better,
          answer.publishConsent ? 'ja' : 'nein',
          answer.featured ? 'ja' : 'nein',
        ]),
      )
      .join('')
  );
}

/**
 * A message to participants may carry `{feedback_link}` only while the event's survey is on: otherwise every
 * link would answer 'keine Umfrage' (docs/product/feedback.md#mail).
 */
export async function assertFeedbackLinkUsable(db: DbOrTx, eventId: string, texts: string[]): Promise<void> {
  if (!texts.some((text) => text.includes('{feedback_link}'))) return;
  if (!(await isFeedbackEnabled(db, eventId))) throw new AppError('conflict', FEEDBACK_LINK_NEEDS_SURVEY);
}

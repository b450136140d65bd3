import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { events, feedbackAnswers, tickets } from '../../db/schema';

// A person's survey answers in 'Meine Daten herunterladen' and 'Konto löschen'
// (docs/product/feedback.md#privacy, docs/product/accounts-and-consent.md). An answer is the person's when it
// was stored for their account, or when it is about a ticket passed on to their address.

const theirs = (userId: string, email: string) =>
  or(
    eq(feedbackAnswers.profileId, userId),
    inArray(
      feedbackAnswers.ticketId,
      sql`(SELECT ${tickets.id} FROM ${tickets} WHERE lower(${tickets.holderEmail}) = ${email.toLowerCase()})`,
    ),
  );

export interface ExportedFeedback {
  event: { title: string; startTime: string; endTime: string; location: string };
  stars: number;
  good: string;
  better: string;
  publishConsent: boolean;
  featured: boolean;
  submittedAt: string;
}

/** The person's answers, oldest first, with their event. */
export async function feedbackOfPerson(db: Db, userId: string, email: string): Promise<ExportedFeedback[]> {
  const rows = await db
    .select({
      answer: feedbackAnswers,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      location: events.location,
    })
    .from(feedbackAnswers)
    .innerJoin(events, eq(events.id, feedbackAnswers.eventId))
    .where(theirs(userId, email))
    .orderBy(asc(feedbackAnswers.submittedAt));
  return rows.map(({ answer, title, startTime, endTime, location }) => ({
    event: { title, startTime: startTime.toISOString(), endTime: endTime.toISOString(), location },
    stars: answer.stars,
    good: answer.good,
    better: answer.better,
    publishConsent: answer.publishConsent,
    featured: answer.featured,
    submittedAt: answer.submittedAt.toISOString(),
  }));
}

/**
 * In the deletion's transaction, before the tickets lose the address: answers without consent to anonymous
 * publication are deleted; those with it stay, cut off from ticket and person (only stars and words remain,
 * decision 065). Answers the number of each.
 */
export async function eraseFeedbackOfPerson(
  tx: Tx,
  userId: string,
  email: string,
): Promise<{ deleted: number; anonymised: number }> {
  const deleted = await tx
    .delete(feedbackAnswers)
    .where(and(theirs(userId, email), eq(feedbackAnswers.publishConsent, false)))
    .returning({ id: feedbackAnswers.id });
  const anonymised = await tx
    .update(feedbackAnswers)
    .set({ ticketId: null, profileId: null })
    .where(theirs(userId, email))
    .returning({ id: feedbackAnswers.id });
  return { deleted: deleted.length, anonymised: anonymised.length };
}

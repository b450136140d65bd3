import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Event } from '../db/types';
import { bookings, feedbackAnswers, feedbackSettings, tickets } from '../db/schema';

const HOUR = 3_600_000;

/** Six answers, the first two featured (with consent and a 'Was war gut?'). */
const ANSWERS = [
  {
    stars: 5,
    good: 'Die Atempausen zwischen den Übungen mache ich jetzt jeden Tag im Büro. Ruhig angeleitet, nie esoterisch.',
    better: 'Das Mittagessen hätte etwas mehr sein dürfen.',
    publishConsent: true,
    featured: true,
  },
  {
    stars: 5,
    good: 'Der Gang an der Elbe war der schönste Teil. Ich habe mich sofort willkommen gefühlt.',
    better: '',
    publishConsent: true,
    featured: true,
  },
  {
    stars: 4,
    good: 'Kleine Gruppe, viel Raum für Fragen.',
    better: 'Ein Handout mit den Übungen zum Mitnehmen wäre hilfreich.',
    publishConsent: true,
    featured: false,
  },
  {
    stars: 4,
    good: 'Praktische Übungen für den Alltag.',
    better: 'Etwas mehr Zeit für den Austausch am Ende.',
    publishConsent: false,
    featured: false,
  },
  {
    stars: 3,
    good: '',
    better: 'Der Raum war am Nachmittag sehr warm.',
    publishConsent: false,
    featured: false,
  },
  {
    stars: 5,
    good: 'Miriam erklärt klar und freundlich.',
    better: '',
    publishConsent: false,
    featured: false,
  },
] as const;

/**
 * The past demo workshop with the survey 'Wie war's?' on (docs/product/feedback.md#demo): six answers of its
 * tickets in the two days after the event, two of them chosen for 'Wer wir sind', so the results, the CSV and
 * the public comments show something in `npm start`.
 */
export async function seedFeedback(tx: DbOrTx, options: { event: Event; now: Date }): Promise<void> {
  const { event, now } = options;
  await tx.insert(feedbackSettings).values({ eventId: event.id, enabled: true });
  const rows = await tx
    .select({ ticketId: tickets.id, profileId: bookings.profileId })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'active')))
    .orderBy(asc(tickets.createdAt), asc(tickets.position));
  const values = ANSWERS.slice(0, rows.length).map((answer, index) => ({
    ...answer,
    eventId: event.id,
    ticketId: rows[index]!.ticketId,
    profileId: rows[index]!.profileId,
    submittedAt: new Date(Math.min(now.getTime(), event.endTime.getTime() + (18 + index * 5) * HOUR)),
  }));
  if (values.length > 0) await tx.insert(feedbackAnswers).values(values);
}

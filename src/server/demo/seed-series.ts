import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../db/types';
import { eventMedia, eventOrganizers, events } from '../db/schema';
import { createSeriesInTx } from '../core/series/create-series';
import { createBooking, createEvent } from './factories';

const ZONE = 'Europe/Berlin';
const SLUG = 'abendwerkstatt-achtsam-streiten-hamburg';
const COVER = '/demo/covers/achtsamkeit-im-alltag-hamburg.webp';

/**
 * The demo's series (docs/product/event-series.md): 'Abendwerkstatt: Achtsam streiten', every month on the
 * same weekday at 19:00 in Hamburg, 4 dates, placed so that the change to or from summer time falls between
 * its first and its last date (each still starts at 19:00, docs/product/event-series.md#wall-times). The
 * second date has two tickets sold.
 */
export async function seedSeries(
  tx: Tx,
  options: { now: Date; organizerId: string; policyId: string; buyerId: string },
): Promise<void> {
  const first = firstDateAcrossSwitch(options.now);
  const event = await createEvent(tx, {
    slug: SLUG,
    title: 'Abendwerkstatt: Achtsam streiten',
    shortDescription: 'Ein Abend im Monat: Konflikte klären, ohne die Verbindung zu verlieren',
    description:
      'Jeden Monat ein Abend zu einem Thema der gewaltfreien Kommunikation: kurze Impulse, Übungen zu zweit und in der Runde.\n\nDie Abende bauen nicht aufeinander auf. Du kannst einen einzelnen Termin buchen oder jeden Monat wiederkommen.',
    location: 'Hamburg',
    venue: 'Wachstumsraum Studio',
    startTime: first.toJSDate(),
    endTime: first.plus({ hours: 2, minutes: 30 }).toJSDate(),
    priceCents: 3500,
    totalSeats: 14,
    status: 'published',
    imageUrl: COVER,
    creatorId: options.organizerId,
    cancellationPolicyId: options.policyId,
    createdAt: new Date(options.now.getTime() - 14 * 86_400_000),
  });
  await tx.insert(eventMedia).values({
    eventId: event.id,
    title: 'Cover',
    url: COVER,
    isFeatured: true,
    metadata: { width: 1409, height: 500 },
  });
  await tx.insert(eventOrganizers).values({ eventId: event.id, userId: options.organizerId });
  const { seriesId } = await createSeriesInTx(tx, {
    eventId: event.id,
    rule: { frequency: 'monthly_weekday', count: 4 },
    creatorId: options.organizerId,
    now: options.now,
  });
  const [, second] = await tx
    .select()
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.startTime));
  await createBooking(tx, {
    event: second!,
    profileId: options.buyerId,
    quantity: 2,
    now: options.now,
    isTest: true,
    paymentMethod: 'card',
  });
}

/**
 * The 2nd Tuesday at 19:00 of the first month (at least two weeks ahead) whose series of 4 monthly dates
 * crosses a change of the UTC offset in Berlin.
 */
export function firstDateAcrossSwitch(now: Date): DateTime {
  const today = DateTime.fromJSDate(now, { zone: ZONE });
  for (let months = 0; months < 12; months++) {
    const month = today.startOf('month').plus({ months });
    const tuesday = month.plus({ days: (2 - month.weekday + 7) % 7 }).plus({ weeks: 1 });
    const first = tuesday.set({ hour: 19, minute: 0 });
    if (first.toMillis() < now.getTime() + 14 * 86_400_000) continue;
    const last = first.plus({ months: 3 });
    if (first.offset !== last.offset) return first;
  }
  return today.plus({ days: 30 }).set({ hour: 19, minute: 0 });
}

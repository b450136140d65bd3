import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Event } from '../db/types';
import {
  createBooking,
  createCancellationPolicy,
  createEvent,
  createUser,
  slugify,
  type UserOptions,
} from './factories';
import {
  appSettings,
  eventLinks,
  eventMedia,
  eventOrganizers,
  events,
  invoices,
  eventTags,
  tags,
  tickets,
  ticketTransfers,
  user,
  waitlistEntries,
  mailRules,
  mailRuleSends,
  participantMessages,
  profiles,
} from '../db/schema';
import { seatsPerTicket, zonedParts } from '@shared/event-rules';
import { offerEnd } from '@shared/waitlist';
import { newTicketNumber } from '../core/bookings/issue-tickets';
import { demoAttendees, demoEvents, demoOrganizers, type DemoEvent, type OrganizerKey } from './seed-events';
import { demoAccessibility, demoOperator } from './seed-operator';
import { cancelDemoTicket } from './seed-cancellation';
import { seedBankTransfers, seedCompanyInvoice } from './seed-payments';
import { seedPaymentMethods } from './seed-payment-methods';
import { seedSeries } from './seed-series';
import { seedWidget } from './seed-widget';
import { seedWebhooks } from './seed-webhooks';
import { seedApiKeys } from './seed-api-keys';
import { seedCertificates } from './seed-certificates';
import { seedFeedback } from './seed-feedback';
import { seedAccounting } from './seed-accounting';
import { demoOrder, seedCoLeadCode, seedEventCategories, seedFriendsCode } from './seed-categories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEBSITE = 'https://wachstumsraum.example';

/** The demo event whose bookings show payment by transfer (issue 20). */
const TRANSFER_EVENT = 'klarheit-finden-wochenendseminar-ostsee';

/**
 * Demo data for a fresh installation (SEED_DEMO, never in production): two organizers, eight events around
 * `now` covering every display state, a default cancellation policy, and test bookings by demo attendees
 * that keep the seat invariant, ticket categories, questions and discount codes (seed-categories.ts), and
 * the demo operator's legal data so the legal pages read complete (kept when an operator already saved theirs). Does nothing and returns false as soon as any event exists.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several app instances may start at once on one PostgreSQL: only one seeds, the others then see events.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ticketshop:seed-demo'))`);
    const [anyEvent] = await tx.select({ id: events.id }).from(events).limit(1);
    if (anyEvent) return false;

    await tx.insert(appSettings).values({ key: 'operator', value: demoOperator }).onConflictDoNothing();
    const { year, month, day } = zonedParts(now);
    await tx
      .insert(appSettings)
      .values({ key: 'accessibility', value: demoAccessibility(`${year}-${month}-${day}`) })
      .onConflictDoNothing();
    await tx
      .insert(appSettings)
      .values({ key: 'invoicing', value: { taxMode: 'vat_19', numberPrefix: 'RE' } })
      .onConflictDoNothing();
    await seedAccounting(tx);
    const organizerIds = {} as Record<OrganizerKey, string>;
    for (const [key, person] of Object.entries(demoOrganizers) as [
      OrganizerKey,
      (typeof demoOrganizers)['miriam'],
    ][]) {
      const portraitUrl = `/demo/portraits/${person.portrait}.webp`;
      organizerIds[key] = await findOrCreatePerson(tx, person.email, person.name, 'organizer', {
        displayName: person.name,
        bio: person.bio,
        website: WEBSITE,
        portraitUrl,
        avatarUrl: portraitUrl,
      });
    }
    const attendeeIds: string[] = [];
    const attendeeEmails: string[] = [];
    for (const name of demoAttendees) {
      const email = `${slugify(name).replace('-', '.')}@demo.example`;
      attendeeEmails.push(email);
      attendeeIds.push(await findOrCreatePerson(tx, email, name, 'attendee'));
    }
    // The default tiers as rules (docs/product/tickets-and-refunds.md#default-tiers): > 14 days 100 %,
    // > 7 days 70 %, > 3 days 50 %, else 0
    const policy = await createCancellationPolicy(tx, {
      name: 'Standard-Stornobedingungen',
      rules: [
        { minHoursBeforeEvent: 336, refundValue: 1 },
        { minHoursBeforeEvent: 168, refundValue: 0.7 },
        { minHoursBeforeEvent: 72, refundValue: 0.5 },
        { minHoursBeforeEvent: 0, refundValue: 0 },
      ],
    });
    const tagIds = await createTags(tx, [...new Set(demoEvents.flatMap((demo) => demo.tags))]);
    // FREUNDE10, used by three demo bookings (docs/product/ticket-categories.md#codes)
    const codes = await seedFriendsCode(tx);

    const createdEvents = new Map<string, Event>();
    for (const demo of demoEvents) {
      const startTime = berlinTime(startDay(now, demo), demo.startHour);
      const inserted = await createEvent(tx, {
        slug: demo.slug,
        title: demo.title,
        shortDescription: demo.shortDescription,
        description: demo.description,
        startTime,
        endTime: new Date(startTime.getTime() + demo.durationHours * HOUR),
        mode: demo.mode,
        location: demo.location,
        locationDetails: demo.locationDetails ?? null,
        venue: demo.venue ?? null,
        room: demo.room ?? null,
        onlineUrl: demo.onlineUrl ?? null,
        priceCents: demo.priceCents,
        priceUnit: demo.priceUnit ?? 'per_person',
        earlyBirdPriceCents: demo.earlyBird?.priceCents ?? null,
        earlyBirdEndsAt: demo.earlyBird ? new Date(now.getTime() + demo.earlyBird.endsInDays * DAY) : null,
        totalSeats: demo.totalSeats,
        status: demo.status,
        isFeatured: demo.isFeatured ?? false,
        hidden: demo.hidden ?? false,
        isPrivate: demo.isPrivate ?? false,
        website: WEBSITE,
        imageUrl: coverUrl(demo),
        creatorId: organizerIds[demo.organizers[0]!],
        cancellationPolicyId: demo.priceCents > 0 ? policy.id : null,
        transferCutoffHours: demo.transferCutoffHours ?? 0,
        minParticipants: demo.minimum?.participants ?? null,
        minDecisionHours: demo.minimum?.decisionHours ?? 168,
        createdAt: new Date(Math.min(now.getTime(), startTime.getTime()) - 60 * DAY),
      });
      // its categories and questions (docs/product/ticket-categories.md), before its bookings
      const setup = await seedEventCategories(tx, inserted, demo);
      const { event } = setup;
      createdEvents.set(demo.slug, event);
      await tx.insert(eventMedia).values({
        eventId: event.id,
        title: 'Cover',
        url: coverUrl(demo),
        isFeatured: true,
        metadata: { width: 1409, height: 500 },
      });
      await tx
        .insert(eventOrganizers)
        .values(demo.organizers.map((key) => ({ eventId: event.id, userId: organizerIds[key] })));
      await tx
        .insert(eventTags)
        .values(demo.tags.map((tag) => ({ eventId: event.id, tagId: tagIds.get(tag)! })));
      if (demo.links?.length) {
        await tx
          .insert(eventLinks)
          .values(demo.links.map((link, index) => ({ eventId: event.id, ...link, displayOrder: index })));
      }
      const bookedTickets: string[][] = [];
      for (const [index, booked] of demo.bookings.entries()) {
        // booked before the event (and before now), one day apart, so early-bird prices and lists look real
        const bookedAt = new Date(Math.min(now.getTime(), startTime.getTime() - 7 * DAY) - (index + 1) * DAY);
        const created = await createBooking(tx, {
          event,
          profileId: attendeeIds[booked.attendee]!,
          quantity: booked.quantity,
          ...demoOrder(setup, booked, codes),
          now: bookedAt,
          isTest: true,
          booking: { holderName: demoAttendees[booked.attendee] },
          paymentMethod: booked.method ?? 'card',
        });
        const cancelled =
          demo.cancellation?.booking === index ? created.tickets[demo.cancellation.position - 1]! : null;
        if (cancelled) {
          const at = new Date(
            Math.min(now.getTime(), bookedAt.getTime() + demo.cancellation!.daysAfterBooking * DAY),
          );
          await cancelDemoTicket(tx, { event, ticket: cancelled, at });
        }
        // a cancelled ticket is not at the door
        bookedTickets.push(
          created.tickets.filter((ticket) => ticket !== cancelled).map((ticket) => ticket.id),
        );
        if (demo.transfer?.booking === index) {
          const ticket = created.tickets[demo.transfer.position - 1]!;
          const to = demo.transfer.toAttendee;
          const at = new Date(bookedAt.getTime() + DAY);
          const newNumber = newTicketNumber(at);
          await tx
            .update(tickets)
            .set({ ticketNumber: newNumber, holderName: demoAttendees[to], holderEmail: attendeeEmails[to] })
            .where(eq(tickets.id, ticket.id));
          await tx.insert(ticketTransfers).values({
            ticketId: ticket.id,
            at,
            actorId: attendeeIds[booked.attendee],
            actorRole: 'buyer',
            fromName: demoAttendees[booked.attendee]!,
            fromEmail: attendeeEmails[booked.attendee],
            toName: demoAttendees[to]!,
            toEmail: attendeeEmails[to]!,
            oldTicketNumber: ticket.ticketNumber,
            newTicketNumber: newNumber,
          });
        }
      }
      if (demo.reminderSent) await markReminderSent(tx, event, startTime);
      if (demo.message) {
        const recipients = new Set(demo.bookings.map((booked) => attendeeEmails[booked.attendee]));
        await tx.insert(participantMessages).values({
          eventId: event.id,
          actorId: organizerIds[demo.organizers[0]!],
          subject: demo.message.subject,
          body: demo.message.body,
          recipients: recipients.size,
          createdAt: new Date(now.getTime() - demo.message.hoursAgo * HOUR),
        });
      }
      for (const entry of demo.waitlist ?? []) {
        const offeredAt =
          entry.offeredHoursAgo === undefined ? null : new Date(now.getTime() - entry.offeredHoursAgo * HOUR);
        await tx.insert(waitlistEntries).values({
          eventId: event.id,
          profileId: attendeeIds[entry.attendee]!,
          seats: seatsPerTicket(event.priceUnit),
          createdAt: new Date(now.getTime() - entry.joinedDaysAgo * DAY),
          ...(offeredAt && {
            status: 'offered' as const,
            offeredAt,
            offerExpiresAt: offerEnd(offeredAt, startTime, event.waitlistOfferHours),
          }),
        });
        if (offeredAt) {
          // the offer holds its seat (docs/product/waiting-list.md#seat-invariant-offers)
          await tx
            .update(events)
            .set({ availableSeats: sql`${events.availableSeats} - ${seatsPerTicket(event.priceUnit)}` })
            .where(eq(events.id, event.id));
        }
      }
      // everyone came to the events that have begun, but on the day at the door only the first bookings are in:
      // checked in by the first organizer from a quarter of an hour before the start, a minute apart, never
      // after now (docs/product/organizer-day.md#check-in)
      const checkedIn = (
        demo.checkedInBookings !== undefined
          ? bookedTickets.slice(0, demo.checkedInBookings)
          : startTime < now
            ? bookedTickets
            : []
      ).flat();
      for (const [index, ticketId] of checkedIn.entries()) {
        const at = Math.min(now.getTime(), startTime.getTime() - 15 * 60_000 + index * 60_000);
        await tx
          .update(tickets)
          .set({
            isCheckedIn: true,
            checkedInAt: new Date(at),
            checkedInBy: organizerIds[demo.organizers[0]!],
          })
          .where(eq(tickets.id, ticketId));
      }
    }
    // COLEITUNG unlocks the retreat's hidden 'Co-Leitung' (docs/product/ticket-categories.md#hidden)
    await seedCoLeadCode(tx, createdEvents);
    // transfers on the Ostsee seminar, by Felix (not paid yet) and Aylin (partly paid); Tobias's company invoice
    await seedBankTransfers(tx, {
      now,
      event: createdEvents.get(TRANSFER_EVENT)!,
      unpaidBy: attendeeIds[5]!,
      partlyPaidBy: attendeeIds[6]!,
    });
    await seedCompanyInvoice(tx, { profileId: attendeeIds[1]!, name: demoAttendees[1]! });
    // every online method switched on, and a booking in each new payment state (docs/product/payments.md)
    await seedPaymentMethods(tx, { now, events: createdEvents, attendeeIds });
    // a monthly series across a change of summer time (docs/product/event-series.md)
    await seedSeries(tx, {
      now,
      organizerId: organizerIds.miriam,
      policyId: policy.id,
      buyerId: attendeeIds[3]!,
    });
    // the sites allowed to embed the booking widget (docs/product/widget.md#demo-widget)
    await seedWidget(tx);
    // a webhook with a delivery log, written last so the bookings above sent nothing (docs/product/webhooks.md#delivery-log)
    await seedWebhooks(tx, now);
    // two API keys in the settings card, one in use and one revoked (docs/product/api.md#key-list)
    await seedApiKeys(tx, now);
    // the past workshop's certificates of attendance, one revoked (docs/product/certificates.md#demo)
    await seedCertificates(tx, { event: createdEvents.get('achtsamkeit-im-alltag-hamburg')!, now });
    // its survey 'Wie war's?' with six answers, two featured in 'Wer wir sind' (docs/product/feedback.md#demo)
    await seedFeedback(tx, { event: createdEvents.get('achtsamkeit-im-alltag-hamburg')!, now });
    await numberInvoicesByDate(tx);
    return true;
  });
}

/**
 * The demo books its past orders event by event, so their invoices got numbers in that order; a real shop's
 * numbers follow the dates (docs/product/invoices.md#numbering). A cancellation invoice names the new number
 * of the invoice it corrects.
 */
async function numberInvoicesByDate(tx: DbOrTx): Promise<void> {
  const issued = await tx.select().from(invoices).orderBy(asc(invoices.issuedAt), asc(invoices.number));
  const numbers = issued.map((invoice) => invoice.number).sort();
  const renumbered = new Map(issued.map((invoice, index) => [invoice.number, numbers[index]!]));
  await tx.update(invoices).set({ number: sql`'tmp-' || ${invoices.id}` });
  for (const invoice of issued) {
    const number = renumbered.get(invoice.number)!;
    const { corrects } = invoice.document;
    const document = {
      ...invoice.document,
      number,
      corrects: corrects && { ...corrects, number: renumbered.get(corrects.number) ?? corrects.number },
    };
    await tx.update(invoices).set({ number, document }).where(eq(invoices.id, invoice.id));
  }
}

/** The shipped reminder's send-log rows for the event's active tickets, two days before its start. */
async function markReminderSent(tx: DbOrTx, event: { id: string }, startTime: Date): Promise<void> {
  const [reminder] = await tx
    .select({ id: mailRules.id })
    .from(mailRules)
    .where(and(isNull(mailRules.eventId), eq(mailRules.name, 'Erinnerung 2 Tage vorher')));
  if (!reminder) return; // deleted by an admin before the demo was seeded again
  const rows = await tx
    .select({ ticketId: tickets.id, email: profiles.email, holderEmail: tickets.holderEmail })
    .from(tickets)
    .innerJoin(profiles, eq(profiles.id, tickets.profileId))
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'active')));
  if (rows.length === 0) return;
  await tx.insert(mailRuleSends).values(
    rows.map((row) => ({
      ruleId: reminder.id,
      ticketId: row.ticketId,
      eventId: event.id,
      to: row.holderEmail ?? row.email,
      sentAt: new Date(startTime.getTime() - 2 * DAY),
    })),
  );
}

function startDay(now: Date, demo: DemoEvent): Date {
  const day = new Date(now.getTime() + demo.startInDays * DAY);
  const shift = demo.weekday === undefined ? 0 : (demo.weekday - day.getUTCDay() + 7) % 7;
  return new Date(day.getTime() + shift * DAY);
}

const coverUrl = (demo: DemoEvent) => `/demo/covers/${demo.slug}.webp`;

async function findOrCreatePerson(
  tx: DbOrTx,
  email: string,
  name: string,
  role: 'attendee' | 'organizer',
  profile: UserOptions['profile'] = {},
): Promise<string> {
  // after an admin deleted every event the seed runs again; the demo people may still exist then
  const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return existing.id;
  return (await createUser(tx, { email, name, role, profile })).profile.id;
}

async function createTags(tx: DbOrTx, names: string[]): Promise<Map<string, string>> {
  const rows = names.map((name) => ({ name, slug: slugify(name) }));
  await tx.insert(tags).values(rows).onConflictDoNothing();
  const all = await tx.select({ id: tags.id, name: tags.name }).from(tags);
  return new Map(all.map((tag) => [tag.name, tag.id]));
}

/** The instant at which it is `hour`:00 in Berlin on the Berlin calendar day of `day`. */
function berlinTime(day: Date, hour: number): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(day)
    .split('-')
    .map(Number);
  const [year, month, date] = parts as [number, number, number];
  const guess = new Date(Date.UTC(year, month - 1, date, hour));
  return new Date(guess.getTime() - berlinOffsetMinutes(guess) * 60_000);
}

function berlinOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d+)(?::(\d+))?/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

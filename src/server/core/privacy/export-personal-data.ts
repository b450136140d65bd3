import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/types';
import {
  bookings,
  consents,
  eventOrganizers,
  events,
  mailOutbox,
  newsletterCaptures,
  newsletterSubscriptions,
  participantMessages,
  profiles,
  session,
  user,
  userNotificationPreferences,
  verification,
  waitlistEntries,
} from '../../db/schema';
import { AppError } from '../app-error';
import { emailChangeIdentifier, pendingEmailOf } from '../profiles/email-change-token';
import {
  eventColumns,
  eventOf,
  iso,
  jsonified,
  lowerEquals,
  type ExportedMail,
  type PersonalDataExport,
} from './personal-data-document';
import { ownBookings, receivedTickets, transfersOf } from './personal-data-tickets';
import { feedbackOfPerson } from '../feedback/personal-feedback';
import { certificatesOfPerson } from '../certificates/personal-data-certificates';

// 'Meine Daten herunterladen' (docs/product/accounts-and-consent.md#data-export, Art. 15 GDPR): everything the
// shop stores about the signed-in person, and nothing of another person (Art. 15 (4)): a transferred
// ticket's buyer is not named, neither in the ticket nor in the transfer nor in the mail that announced it.
//
// Tables deliberately left out:
// - account: better-auth's sign-in credentials (password hash, OAuth tokens). Secrets; the shop signs in by
//   code and link, so nothing personal is in there beyond the user id.
// - verification: sign-in codes, used-link markers and e-mail change tokens, minutes to a day long. Only
//   their hashes are stored; the one personal value, a pending new address, is in account.pendingEmailChange.
// - rate_limits: counters keyed by address, client IP or user id for a window of up to an hour; a count of
//   attempts, not a record of the person, gone with the window (docs/product/accounts-and-consent.md#retention).
// - payment_provider_events: the payment provider's webhook payloads, kept to recognise a redelivery; what
//   they record of the person is in bookings[].payments (the provider keeps its own copy).
// - mail_rule_sends: the send log of scheduled mails; the mails themselves are listed under mails.
// - device_check_ins, ticket_previews: per-ticket check-in replies and rendered images, derived from the
//   tickets listed here (checkedInAt).
// - setup_token_redemptions: that this account redeemed the owner setup token; the account's role says so.
// - Staff records about other people: refunds.created_by, tickets.checked_in_by, ticket_transfers.actor_id
//   of admin transfers, events.creator_id. They are the buyers' records; listing them here would hand out
//   other persons' data. The events an organizer is assigned to and the messages they wrote are included.
// - events, event media/links/tags, policies, mail rules, settings, invoice counters: no personal data.

/** What replaces another person's name or address in a mail's text. */
const OTHER_PERSON = '[andere Person]';
/** What the outbox worker leaves of a mail with a sign-in code (its PURGED_MAIL_TEXT; core cannot import jobs). */
const REMOVED = '[entfernt]';

export interface ExportPersonalDataOptions {
  db: Db;
  userId: string;
  now?: Date;
}

export async function exportPersonalData({
  db,
  userId,
  now = new Date(),
}: ExportPersonalDataOptions): Promise<PersonalDataExport> {
  const [account] = await db.select().from(user).where(eq(user.id, userId));
  if (!account) throw new AppError('not_found', 'Konto nicht gefunden.');
  const email = account.email.trim().toLowerCase();

  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [preferences] = await db
    .select()
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId));
  const consentRows = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.givenAt));
  const [pendingChange] = await db
    .select()
    .from(verification)
    .where(and(eq(verification.identifier, emailChangeIdentifier(userId)), gt(verification.expiresAt, now)));
  const pendingEmail = pendingChange ? pendingEmailOf(pendingChange.value) : null;

  const [subscription] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  const captures = await db
    .select()
    .from(newsletterCaptures)
    .where(lowerEquals(newsletterCaptures.email, email))
    .orderBy(asc(newsletterCaptures.createdAt));

  const purchases = await ownBookings(db, userId);
  const received = await receivedTickets(db, userId, email);
  const transfers = await transfersOf(db, userId, email);
  const sessions = await db
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const staff = await staffRecords(db, userId);
  const ownNames = [account.name, account.email, profile?.fullName, profile?.displayName];
  const mails = await mailsTo(db, email, { others: received.otherPersons, own: ownNames }, now);

  const { id: _profileId, ...profileData } = profile ?? { id: null };
  const { userId: _prefsUserId, ...preferenceData } = preferences ?? { userId: null };
  const {
    id: _subscriptionId,
    confirmTokenHash: _hash,
    ...subscriptionData
  } = subscription ?? {
    id: null,
    confirmTokenHash: null,
  };
  return {
    exportedAt: now.toISOString(),
    account: {
      ...jsonified(account),
      pendingEmailChange:
        pendingChange && pendingEmail
          ? { email: pendingEmail, expiresAt: pendingChange.expiresAt.toISOString() }
          : null,
    },
    profile: profile ? jsonified(profileData as Omit<typeof profile, 'id'>) : null,
    notificationPreferences: preferences
      ? jsonified(preferenceData as Omit<typeof preferences, 'userId'>)
      : null,
    consents: consentRows.map(({ id: _id, userId: _userId, ...consent }) => jsonified(consent)),
    newsletter: {
      subscription: subscription
        ? jsonified(subscriptionData as Omit<typeof subscription, 'id' | 'confirmTokenHash'>)
        : null,
      captures: captures.map(({ id: _id, ...capture }) => jsonified(capture)),
    },
    bookings: purchases.bookings,
    ticketsTransferredToMe: received.tickets,
    refunds: purchases.refunds,
    invoices: purchases.invoices,
    waitlist: await waitlistOf(db, userId),
    // docs/product/feedback.md#privacy
    feedback: await feedbackOfPerson(db, userId, email),
    // docs/product/certificates.md#privacy
    certificates: await certificatesOfPerson(db, { userId, email }),
    ticketTransfers: transfers,
    mails,
    signIns: sessions.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      impersonated: row.impersonatedBy !== null,
    })),
    ...staff,
  };
}

async function waitlistOf(db: Db, userId: string) {
  const rows = await db
    .select({ entry: waitlistEntries, event: eventColumns, orderNumber: bookings.orderNumber })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(eq(waitlistEntries.profileId, userId))
    .orderBy(asc(waitlistEntries.createdAt));
  return rows.map(({ entry, event, orderNumber }) => ({
    event: eventOf(event),
    quantity: entry.quantity,
    seats: entry.seats,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    offeredAt: iso(entry.offeredAt),
    offerExpiresAt: iso(entry.offerExpiresAt),
    endedAt: iso(entry.endedAt),
    orderNumber,
  }));
}

/**
 * Mails to the address, bodies while kept. A mail whose sign-in code or link is still valid shows as the
 * worker will leave it ('[entfernt]'): the file must not sign anyone in. Other persons' names and addresses
 * (a transferred ticket's buyer) are replaced.
 */
async function mailsTo(
  db: Db,
  email: string,
  persons: { others: (string | null | undefined)[]; own: (string | null | undefined)[] },
  now: Date,
): Promise<ExportedMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(lowerEquals(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
  const own = persons.own.map((name) => name?.trim().toLowerCase() ?? '').filter(Boolean);
  // a name that is also part of the person's own (two namesakes) stays: it names them too
  const names = [...new Set(persons.others.map((name) => name?.trim() ?? ''))]
    .filter((name) => name.length >= 3 && !own.some((mine) => mine.includes(name.toLowerCase())))
    .sort((a, b) => b.length - a.length);
  const scrub = (text: string) => names.reduce((result, name) => result.split(name).join(OTHER_PERSON), text);
  return rows.map((row) => {
    const secret = row.secretUntil !== null && row.secretUntil.getTime() > now.getTime();
    return {
      subject: secret ? REMOVED : scrub(row.subject),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
      text: secret ? REMOVED : row.text ? scrub(row.text) : null,
      attachments: row.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
    };
  });
}

/** Organizers' and admins' own records: their event assignments and the messages they wrote. */
async function staffRecords(db: Db, userId: string) {
  const assigned = await db
    .select({ event: eventColumns, assignedAt: eventOrganizers.createdAt })
    .from(eventOrganizers)
    .innerJoin(events, eq(events.id, eventOrganizers.eventId))
    .where(eq(eventOrganizers.userId, userId))
    .orderBy(asc(events.startTime));
  const messages = await db
    .select({ message: participantMessages, event: eventColumns })
    .from(participantMessages)
    .innerJoin(events, eq(events.id, participantMessages.eventId))
    .where(eq(participantMessages.actorId, userId))
    .orderBy(asc(participantMessages.createdAt));
  return {
    organizedEvents: assigned.map(({ event, assignedAt }) => ({
      ...eventOf(event),
      assignedAt: assignedAt.toISOString(),
    })),
    participantMessages: messages.map(({ message, event }) => ({
      event: eventOf(event),
      subject: message.subject,
      body: message.body,
      recipients: message.recipients,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

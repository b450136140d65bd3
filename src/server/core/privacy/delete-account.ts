import { and, eq, gt, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  DELETED_PERSON_NAME,
  PRIVACY_MESSAGES,
  type AccountDeletionPreview,
  type AccountDeletionResult,
  type DeletionTicket,
} from '@shared/privacy';
import type { Db, DbOrTx, Tx } from '../../db/types';
import { likePattern } from '../../db/like-pattern';
import {
  bookings,
  events,
  invoices,
  mailOutbox,
  newsletterCaptures,
  newsletterSubscriptions,
  profiles,
  rateLimits,
  ticketTransfers,
  tickets,
  user,
  verification,
  waitlistEntries,
} from '../../db/schema';
import { eraseCertificatesOfPerson } from '../certificates/personal-data-certificates';
import { AppError } from '../app-error';
import { eraseFeedbackOfPerson } from '../feedback/personal-feedback';
import { releaseCodeUses } from '../discount-codes/release-code-uses';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import { cancelTicket } from '../tickets/cancel-ticket';
import { loadPolicyRules, refundableByBooking, selfServiceRefund } from '../tickets/refund-terms';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { assertNotLastAdmin } from '../users/change-user-role';
import { isFreeTicket } from '@shared/tickets';
import { ACTIVE_WAITLIST_STATUSES } from '@shared/waitlist';
import { endEntriesOfAccount } from '../waitlist/my-waitlist';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { escapeHtml } from '../mail/templates/safe-html';
import { emailChangeIdentifier, pendingEmailOf } from '../profiles/email-change-token';
import { lockPersonForDeletion } from '../profiles/person-lock';

// 'Konto löschen' and the admin's 'Benutzer löschen' (docs/product/accounts-and-consent.md#account-deletion):
// first the person's tickets of events to come are cancelled under their policy, each as the buyer's own
// cancellation would (refund, cancellation invoice, mails, waiting list); then one transaction removes the
// person and anonymises what the books keep. Invoices keep the buyer as issued (decision 041).

const USER_NOT_FOUND = 'Benutzer nicht gefunden.';

/**
 * How often the deletion cancels and tries to erase: a booking or payment that won the race for the person
 * adds tickets to cancel, which the next round cancels (docs/product/accounts-and-consent.md#deletion-serialised).
 */
const ERASE_ROUNDS = 3;

/** Names and e-mail addresses shorter than this are not searched for in mails (too many false matches). */
const MIN_MENTION_LENGTH = 5;

/** The account's e-mail and role, or 404. */
async function accountOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: user.email, role: profiles.role })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  return { email: row.email.toLowerCase(), role: row.role };
}

/** Is this the only admin? (the deletion would leave the shop without one) */
async function isLastAdmin(db: Db, userId: string, role: string | null): Promise<boolean> {
  if (role !== 'admin') return false;
  const admins = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
  return admins.length <= 1;
}

/**
 * The buyer's own active tickets of events that have not started, not checked in and not passed on to a
 * substitute: these are cancelled first. A ticket transferred to a substitute stays theirs (decision 041).
 */
async function ticketsToCancel(db: DbOrTx, userId: string, now: Date): Promise<DeletionTicket[]> {
  const rows = await db
    .select({
      ticketId: tickets.id,
      ticketNumber: tickets.ticketNumber,
      priceCents: tickets.priceCents,
      bookingId: tickets.bookingId,
      currency: bookings.currency,
      eventTitle: events.title,
      startTime: events.startTime,
      policyId: events.cancellationPolicyId,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      and(
        eq(tickets.profileId, userId),
        eq(tickets.status, 'active'),
        isNull(tickets.checkedInAt),
        isNull(tickets.holderEmail),
        gt(events.startTime, now),
      ),
    )
    .orderBy(events.startTime, tickets.ticketNumber);
  const payments = await refundableByBooking(
    db,
    rows.map((row) => row.bookingId),
  );
  const policies = await loadPolicyRules(
    db,
    rows.flatMap((row) => (row.policyId ? [row.policyId] : [])),
  );
  // several tickets of one booking share what is left refundable on its payment
  const left = new Map([...payments].map(([bookingId, payment]) => [bookingId, payment.refundableCents]));
  return rows.map((row) => {
    const refundableCents = left.get(row.bookingId) ?? 0;
    const { refundCents } = selfServiceRefund({
      startTime: row.startTime,
      priceCents: row.priceCents,
      refundableCents,
      rules: row.policyId ? policies.get(row.policyId) : undefined,
      now,
    });
    left.set(row.bookingId, refundableCents - refundCents);
    return {
      ticketId: row.ticketId,
      ticketNumber: row.ticketNumber,
      eventTitle: row.eventTitle,
      eventStart: row.startTime.toISOString(),
      refundCents,
      currency: row.currency,
      free: isFreeTicket(row),
    };
  });
}

/** What the deletion will do, shown before the person confirms. */
export async function previewAccountDeletion(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<AccountDeletionPreview> {
  const account = await accountOf(db, userId);
  const toCancel = await ticketsToCancel(db, userId, now);
  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.profileId, userId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    );
  const [kept] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(eq(bookings.profileId, userId));
  return {
    tickets: toCancel,
    totalRefundCents: toCancel.reduce((sum, ticket) => sum + ticket.refundCents, 0),
    currency: toCancel[0]?.currency ?? 'EUR',
    waitlistEntries: waiting?.count ?? 0,
    keptInvoices: kept?.count ?? 0,
    lastAdmin: await isLastAdmin(db, userId, account.role),
  };
}

/**
 * Deletes the account of `userId` (the person themself, or an admin's 'Benutzer löschen'). The refunds are
 * sent to the provider after the last commit; the refund job retries a failure. A crash between the
 * cancellations and the erasure leaves cancelled tickets and the account: asking again finishes the work.
 */
export async function deleteAccount(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox' | 'payments' | 'storage' | 'metrics'>,
  input: { userId: string; now?: Date },
): Promise<AccountDeletionResult> {
  const { userId, now = new Date() } = input;
  const db = deps.database.db;
  const account = await accountOf(db, userId);
  if (await isLastAdmin(db, userId, account.role))
    throw new AppError('last_admin', PRIVACY_MESSAGES.lastAdmin);
  const mail = await mailContextOf(deps);

  const refundIds: string[] = [];
  let cancelledTickets = 0;
  let refundCents = 0;
  let currency = 'EUR';
  let files: string[] | null = null;
  for (let round = 1; files === null; round++) {
    for (const ticket of await ticketsToCancel(db, userId, now)) {
      try {
        const outcome = await cancelTicket({
          db,
          ticketId: ticket.ticketId,
          // the buyer's own cancellation, under the event's policy, also when an admin deletes the account
          actor: { id: userId, role: 'attendee' },
          reason: 'account_deleted',
          mail,
          now,
          metrics: deps.metrics,
        });
        cancelledTickets++;
        refundIds.push(...outcome.refundIds);
        refundCents += outcome.refund?.amountCents ?? 0;
        currency = outcome.refund?.currency ?? currency;
      } catch (error) {
        // cancelled meanwhile by someone else, or the event began: nothing is left to cancel
        if (!(error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')))
          throw error;
      }
    }
    files = await db.transaction(async (tx) => {
      // from here to the commit no booking or payment of the person runs (person-lock.ts); one that
      // committed before has left tickets to cancel first, under their policy: another round
      await lockPersonForDeletion(tx, userId);
      if ((await ticketsToCancel(tx, userId, now)).length > 0) return null;
      return eraseAccount(tx, { userId, now, mail });
    });
    if (files === null && round >= ERASE_ROUNDS)
      throw new AppError('conflict', PRIVACY_MESSAGES.deletionBusy);
  }

  deps.outbox.kick();
  await deps.payments.sendRefunds(refundIds);
  for (const url of files) {
    const key = deps.storage.keyOf(url);
    if (key) await deps.storage.delete(key).catch(() => undefined);
  }
  return { cancelledTickets, refundCents, currency };
}

/**
 * The erasure itself, in one transaction: pending holds end, waiting-list entries end, the booking records
 * are anonymised, everything else that names the person is deleted, and the account goes (its profile,
 * sessions, consents and settings with it, by their foreign keys). Returns the stored images to delete.
 */
async function eraseAccount(
  tx: Tx,
  options: { userId: string; now: Date; mail: MailContext },
): Promise<string[]> {
  const { userId, now, mail } = options;
  // read under the person's lock: an e-mail change confirmed meanwhile is seen (or gone 404: deleted twice)
  const { email } = await accountOf(tx, userId);
  const [profile] = await tx
    .select({
      role: profiles.role,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      portraitUrl: profiles.portraitUrl,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (profile?.role === 'admin') {
    await assertNotLastAdmin(tx, userId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'last_admin'
        ? new AppError('last_admin', PRIVACY_MESSAGES.lastAdmin)
        : error;
    });
  }

  await releasePendingHolds(tx, userId, now, mail);
  // before the tickets forget their holder: deleted, or kept anonymised with consent (docs/product/feedback.md#privacy)
  await eraseFeedbackOfPerson(tx, userId, email);
  await endEntriesOfAccount(tx, userId, mail, now);
  // before the tickets forget their holder (docs/product/certificates.md#privacy)
  await eraseCertificatesOfPerson(tx, { userId, email });
  // the names the person booked under, for the mails below: before the bookings forget them
  const holderNames = await tx
    .selectDistinct({ name: bookings.holderName })
    .from(bookings)
    .where(eq(bookings.profileId, userId));

  // the books keep the booking and its tickets, without the person (decision 041) and their answers
  // (docs/product/ticket-categories.md#answers)
  await tx
    .update(bookings)
    .set({ holderName: DELETED_PERSON_NAME, billingAddress: null, answers: null })
    .where(eq(bookings.profileId, userId));
  await tx
    .update(tickets)
    .set({ holderName: DELETED_PERSON_NAME })
    .where(and(eq(tickets.profileId, userId), isNull(tickets.holderEmail)));
  // a ticket passed on to the person goes back to its buyer
  await tx.update(tickets).set({ holderName: null, holderEmail: null }).where(eq(tickets.holderEmail, email));
  const ownTickets = tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.profileId, userId));
  await tx
    .update(ticketTransfers)
    .set({ fromName: DELETED_PERSON_NAME, fromEmail: null })
    .where(
      or(
        sql`lower(${ticketTransfers.fromEmail}) = ${email}`,
        and(inArray(ticketTransfers.ticketId, ownTickets), isNull(ticketTransfers.fromEmail)),
      ),
    );
  await tx
    .update(ticketTransfers)
    .set({ toName: DELETED_PERSON_NAME, toEmail: '' })
    .where(sql`lower(${ticketTransfers.toEmail}) = ${email}`);

  await erasePendingEmailChange(tx, userId, email);

  // mails to the person, and mails to others that name them (a transfer's notice to its buyer, an
  // organizer's 'Neue Buchung'): what still waits for someone else is sent without the person; what was
  // sent goes now, what still waits for the person is sent and then deleted by the outbox worker
  const fullName = profile?.fullName?.trim() ?? '';
  const mentions = [email, ...(fullName.length >= MIN_MENTION_LENGTH ? [fullName] : [])];
  const aboutThem = or(
    sql`lower(${mailOutbox.to}) = ${email}`,
    ...mentions.map(
      (text) =>
        // lower() on both sides: the database's idea of lower case, also for 'Ö' under a C locale
        sql`lower(${mailOutbox.subject} || ' ' || ${mailOutbox.text} || ' ' || coalesce(${mailOutbox.html}, '')) like lower(${likePattern(text)})`,
    ),
  );
  // in those mails also the names the person booked under (only there: another person may share one)
  const bookedAs = holderNames
    .map((row) => row.name?.trim() ?? '')
    .filter((name) => name.length >= MIN_MENTION_LENGTH && name !== DELETED_PERSON_NAME);
  await tx
    .update(mailOutbox)
    .set(withoutThePerson(email, [...new Set([...mentions, ...bookedAs])]))
    .where(and(aboutThem, eq(mailOutbox.status, 'pending'), sql`lower(${mailOutbox.to}) <> ${email}`));
  await tx.delete(mailOutbox).where(and(aboutThem, ne(mailOutbox.status, 'pending')));
  await tx
    .update(mailOutbox)
    .set({ eraseAfterSend: true })
    .where(and(aboutThem, eq(mailOutbox.status, 'pending')));

  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  await tx.delete(newsletterCaptures).where(sql`lower(${newsletterCaptures.email}) = ${email}`);
  // sign-in codes and links, and the rate-limit counters keyed by the address
  const pattern = likePattern(email);
  await tx
    .delete(verification)
    .where(
      or(
        sql`lower(${verification.identifier}) like ${pattern}`,
        sql`lower(${verification.value}) like ${pattern}`,
      ),
    );
  await tx.delete(rateLimits).where(sql`lower(${rateLimits.key}) like ${pattern}`);
  // the provider's webhook copies of the person's payments name them (card holder, e-mail)
  await tx.execute(sql`
    DELETE FROM payment_provider_events e
    WHERE e.processed_at IS NOT NULL AND (
      lower(e.payload::text) LIKE ${pattern}
      OR e.payload #>> '{data,object,id}' IN (
        SELECT p.provider_payment_id FROM payments p JOIN bookings b ON b.id = p.booking_id
        WHERE b.profile_id = ${userId} AND p.provider_payment_id IS NOT NULL)
      OR e.payload #>> '{data,object,payment_intent}' IN (
        SELECT p.provider_payment_id FROM payments p JOIN bookings b ON b.id = p.booking_id
        WHERE b.profile_id = ${userId} AND p.provider_payment_id IS NOT NULL))`);

  // profile, sessions, accounts, consents, notification settings, organizer links and waiting-list rows follow
  // by their foreign keys; bookings and tickets keep their rows with profile_id NULL
  await tx.delete(user).where(eq(user.id, userId));
  return [profile?.avatarUrl, profile?.portraitUrl].filter((url): url is string => Boolean(url));
}

/** A booking still waiting for its payment lets its seats and its code's use go, as an expired hold would. */
async function releasePendingHolds(tx: Tx, userId: string, now: Date, mail: MailContext): Promise<void> {
  const released = await tx.execute<{ event_id: string; ids: string[] }>(sql`
    WITH expired AS (
      UPDATE bookings SET status = 'expired', updated_at = ${now.toISOString()}::timestamptz
      WHERE profile_id = ${userId} AND status = 'pending'
      RETURNING id, event_id, seats
    ), per_event AS (
      SELECT event_id, sum(seats)::int AS seats, array_agg(id)::text[] AS ids FROM expired GROUP BY event_id
    ), returned AS (
      UPDATE events SET available_seats = events.available_seats + per_event.seats
      FROM per_event WHERE events.id = per_event.event_id
      RETURNING events.id
    )
    SELECT per_event.event_id, per_event.ids FROM per_event JOIN returned ON returned.id = per_event.event_id`);
  await releaseCodeUses(
    tx,
    released.rows.flatMap((row) => row.ids),
  );
  for (const row of released.rows) {
    await settleWaitlist(tx, row.event_id, { now, mail });
    await publishSeatChange(tx, row.event_id);
  }
}

/** A regular expression (PostgreSQL ARE) that finds `text` literally, not inside a longer word. */
const wholeWords = (text: string) =>
  `(?<![[:alnum:]])${text.replace(/[\\^$.|?*+()[\]{}]/g, (char) => `\\${char}`)}(?![[:alnum:]])`;

/**
 * The columns of a mail still waiting for someone else (the organizer's 'Neue Buchung' and 'Stornierung', a
 * transfer's notice), rewritten to keep the news but lose the person: each name becomes 'Gelöschte Person',
 * the address '–' (docs/product/accounts-and-consent.md#deletion-serialised). The HTML carries names escaped.
 */
function withoutThePerson(email: string, mentions: string[]) {
  const scrub = (column: SQL | AnyColumn, html: boolean) =>
    mentions.reduce<SQL>(
      (text, mention) => {
        const replacement = mention === email ? '–' : DELETED_PERSON_NAME;
        const once = sql`regexp_replace(${text}, ${wholeWords(mention)}, ${replacement}, 'gi')`;
        return html && escapeHtml(mention) !== mention
          ? sql`regexp_replace(${once}, ${wholeWords(escapeHtml(mention))}, ${escapeHtml(replacement)}, 'gi')`
          : once;
      },
      sql`${column}`,
    );
  return {
    subject: scrub(mailOutbox.subject, false),
    text: scrub(mailOutbox.text, false),
    html: scrub(mailOutbox.html, true),
  };
}

/**
 * A change of address still waiting for its confirmation ends with the account, with its mails: the link
 * sent to the new address (sent or not) and the notice still waiting for the current one. The link then
 * answers 'ungültig' like any used link (docs/product/accounts-and-consent.md#account-deletion).
 */
async function erasePendingEmailChange(tx: Tx, userId: string, email: string): Promise<void> {
  const pending = await tx
    .delete(verification)
    .where(eq(verification.identifier, emailChangeIdentifier(userId)))
    .returning({ id: verification.id, value: verification.value });
  for (const change of pending) {
    // the link carries the row's id: '…/profile/email?change={id}.{secret}'
    await tx.delete(mailOutbox).where(sql`${mailOutbox.text} like ${likePattern(`change=${change.id}.`)}`);
    const newEmail = pendingEmailOf(change.value);
    if (!newEmail) continue;
    await tx
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          sql`lower(${mailOutbox.to}) = ${email}`,
          sql`lower(${mailOutbox.text}) like lower(${likePattern(newEmail)})`,
        ),
      );
  }
}

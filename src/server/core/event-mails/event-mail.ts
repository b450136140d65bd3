import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { formatDate, formatTimeRange } from '@shared/date-range';
import type { MailPlaceholder, MailRuleAudience } from '@shared/mail-rules';
import type { DbOrTx } from '../../db/types';
import { bookings, events, profiles, tickets } from '../../db/schema';
import { mailPlace } from '../mail/templates/booking-mail-parts';
import { note, paragraph } from '../mail/templates/mail-blocks';
import type { MailContent, MailContext } from '../mail/templates/mail-context';
import { renderWithContext } from '../mail/templates/layout-for';
import { markup, type SafeHtml } from '../mail/templates/safe-html';
import { deliveredOnlineUrl } from '../events/online-link';

// The mails an admin or organizer writes themselves: scheduled rules and messages to participants
// (docs/product/event-mails.md#placeholders). Their text is plain text with placeholders; it is escaped, never
// read as HTML.

export type PlaceholderValues = Record<MailPlaceholder, string>;

/** One ticket's holder and the values its placeholders take. */
export interface EventMailRecipient {
  ticketId: string;
  to: string;
  values: PlaceholderValues;
}

/** Replaces each known `{name}`; unknown names were refused when the text was saved. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in values ? values[name as MailPlaceholder] : whole,
  );
}

/**
 * The mail of a rule or message for one recipient: subject and text filled in, paragraphs from blank lines,
 * the sender's signature (settings) below, in the shop's layout.
 */
export function renderEventMail(input: {
  context: MailContext;
  subject: string;
  body: string;
  values: PlaceholderValues;
  signature?: string;
}): MailContent {
  const subject = fillPlaceholders(input.subject, input.values).replace(/\s+/g, ' ').trim();
  // an empty placeholder (no online link) leaves no empty line behind
  const text = fillPlaceholders(input.body, input.values)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const signature = input.signature?.trim() ?? '';
  const paragraphs = text.split(/\n{2,}/).map((part) => paragraph(lines(part)));
  const bodyHtml = markup`${paragraphs}${signature ? note(lines(signature)) : ''}`;
  const bodyText = signature ? `${text}\n\n-- \n${signature}` : text;
  return { subject, ...renderWithContext(input.context, { preheader: subject, bodyHtml, bodyText }) };
}

/** Single line breaks of a paragraph as <br>. */
const lines = (text: string): SafeHtml => {
  const parts = text.split('\n');
  return markup`${parts.map((line, index) => (index === 0 ? markup`${line}` : markup`<br>${line}`))}`;
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The audience of a rule as a condition on tickets (docs/product/event-mails.md#mail-rules). */
export function audienceWhere(audience: MailRuleAudience): SQL | undefined {
  if (audience === 'checked_in') return isNotNull(tickets.checkedInAt);
  if (audience === 'not_checked_in') return isNull(tickets.checkedInAt);
  return undefined;
}

/**
 * The active tickets of an event with their holder's address and placeholder values, in ticket order: the
 * substitute's name and address where the ticket was transferred, else the buyer's. Narrowed to `ticketIds`,
 * an audience, or tickets created up to `createdUpTo`.
 */
export async function loadRecipients(
  db: DbOrTx,
  options: {
    eventId: string;
    ticketIds?: string[];
    audience?: MailRuleAudience;
    createdUpTo?: Date;
    /** Leaves out the tickets this rule has mailed already. */
    notSentBy?: string;
    limit?: number;
    /**
     * The `{feedback_link}` of a ticket (core/feedback/feedback-token.ts `feedbackLinks`, or a preview's sample
     * link); without it the placeholder stays empty (docs/product/feedback.md#mail).
     */
    feedbackLink?: (ticketId: string) => string;
  },
): Promise<EventMailRecipient[]> {
  const query = db
    .select({
      ticketId: tickets.id,
      ticketNumber: tickets.ticketNumber,
      holderName: tickets.holderName,
      holderEmail: tickets.holderEmail,
      bookingHolder: bookings.holderName,
      orderNumber: bookings.orderNumber,
      buyerEmail: profiles.email,
      buyerName: profiles.fullName,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
      location: events.location,
      mode: events.mode,
      onlineUrl: events.onlineUrl,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(
      and(
        eq(tickets.eventId, options.eventId),
        eq(tickets.status, 'active'),
        options.ticketIds ? inArray(tickets.id, options.ticketIds) : undefined,
        options.audience ? audienceWhere(options.audience) : undefined,
        options.createdUpTo ? lte(tickets.createdAt, options.createdUpTo) : undefined,
        options.notSentBy
          ? sql`NOT EXISTS (SELECT 1 FROM mail_rule_sends s WHERE s.rule_id = ${options.notSentBy}::uuid
              AND s.ticket_id = ${tickets.id})`
          : undefined,
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.flatMap((row) => {
    const to = row.holderEmail ?? row.buyerEmail;
    if (!to) return [];
    const name = row.holderName ?? row.bookingHolder ?? row.buyerName ?? '';
    const online = deliveredOnlineUrl({ mode: row.mode, onlineUrl: row.onlineUrl }, true);
    return [
      {
        ticketId: row.ticketId,
        to,
        values: {
          vorname: firstName(name) || 'du',
          event: row.title,
          datum: formatDate(row.startTime, row.timezone),
          uhrzeit: formatTimeRange(row.startTime, row.endTime, row.timezone),
          ort: mailPlace(row),
          online_link: online ?? '',
          ticket_code: row.ticketNumber.slice(-4),
          bestellnummer: row.orderNumber,
          feedback_link: options.feedbackLink?.(row.ticketId) ?? '',
        },
      },
    ];
  });
}

/** The placeholder values of a preview when the event has no ticket yet. */
export const SAMPLE_VALUES: PlaceholderValues = {
  vorname: 'Lena',
  event: 'Klarheit finden – Wochenendseminar an der Ostsee',
  datum: 'Sa., 12.12.2026',
  uhrzeit: '10:00–17:00 Uhr',
  ort: 'Kühlungsborn',
  online_link: '',
  ticket_code: '7K3Q',
  bestellnummer: 'WR-7K3Q9F',
  // a preview shows a link that answers nothing (core/feedback/feedback-token.ts sampleFeedbackLink)
  feedback_link: 'https://ticketshop.example/feedback/beispiel',
};

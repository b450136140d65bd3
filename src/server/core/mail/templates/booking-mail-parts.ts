import { eventWhen } from '@shared/date-range';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { eventVenueLine } from '@shared/venue-line';
import type { EventMode } from '@shared/events';
import { markup, type SafeHtml } from './safe-html';
import { button, COLORS, heading, note, paragraph } from './mail-blocks';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { onlineLinkBlock } from './online-link';

/** The event as booking mails describe it. */
export interface MailEvent {
  title: string;
  slug: string;
  startTime: Date;
  endTime: Date;
  timezone: string;
  location: string;
  /** The venue's name and the room: printed with the town (docs/product/events.md#venue-for-buyers). */
  venue?: string | null;
  room?: string | null;
  mode: EventMode;
}

/** What every mail about one booking is given. */
export interface BookingMailInput {
  context: MailContext;
  event: MailEvent;
  /** docs/decisions/020-order-numbers.md: every booking mail names it. */
  orderNumber: string;
}

/**
 * 'Sa., 12.12.2026, 10:00–17:00 Uhr', over several days 'Fr., 08.01.2027, 15:00 Uhr – So., 10.01.2027,
 * 13:00 Uhr': the shared formatter of pages and PDF, in the event's own zone (never the server's).
 */
export const mailWhen = (event: Pick<MailEvent, 'startTime' | 'endTime' | 'timezone'>): string =>
  eventWhen(event);

/** 'Heidehof Wilsede, Undeloh': venue, room and town (docs/product/events.md#venue-for-buyers); 'Online'. */
export const mailPlace = (event: Pick<MailEvent, 'mode' | 'location' | 'venue' | 'room'>) =>
  eventVenueLine(event) || 'Ort folgt';

export const formatCents = (cents: number, currency: string) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(cents / 100);

/** A two-column facts table (label, value) that survives Outlook. */
export function factsTable(rows: [string, string][]): SafeHtml {
  const cells = rows.map(
    ([label, value]) =>
      markup`<tr><td class="mail-muted" style="padding:4px 16px 4px 0;color:${COLORS.light.muted};vertical-align:top;white-space:nowrap;">${label}</td><td style="padding:4px 0;vertical-align:top;">${value}</td></tr>`,
  );
  return markup`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;font-size:15px;line-height:1.5;">${cells}</table>`;
}

export const factsText = (rows: [string, string][]) =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** How the text of a mail about a booking or an entry opens: heading, greeting, intro, facts, with blank lines. */
export const openingLines = (heading: string, name: string, intro: string, facts: [string, string][]) => [
  heading,
  '',
  `Hallo ${name},`,
  '',
  intro,
  '',
  factsText(facts),
  '',
];

/**
 * A mail that carries tickets (the booking confirmation, a ticket received by transfer), in HTML and text
 * alike: heading, greeting, intro, facts, the online access link when the holder gets one, what is attached,
 * the link to Meine Tickets, for a test the test note (and [TEST] before the subject), a closing note.
 */
export function ticketMail(
  input: BookingMailInput & { holderName: string; isTest: boolean; onlineUrl: string | null },
  texts: {
    subject: string;
    heading: string;
    intro: string;
    facts: [string, string][];
    attached: string;
    testNote: string;
    closingNote: string;
  },
): MailContent {
  const { context, event } = input;
  const ticketsUrl = `${context.publicUrl}/my-tickets`;
  const access = input.onlineUrl ? onlineLinkBlock(input.onlineUrl) : null;
  const bodyHtml = markup`${heading(texts.heading)}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(texts.intro)}
${factsTable(texts.facts)}
${access?.html}
${paragraph(texts.attached)}
${button(ticketsUrl, 'Meine Tickets ansehen')}
${input.isTest ? note(texts.testNote) : ''}
${note(texts.closingNote)}`;
  const bodyText = [
    ...openingLines(texts.heading, input.holderName, texts.intro, texts.facts),
    ...(access ? [access.text, ''] : []),
    texts.attached,
    '',
    `Meine Tickets: ${ticketsUrl}`,
    ...(input.isTest ? ['', texts.testNote] : []),
  ].join('\n');
  return {
    subject: `${input.isTest ? '[TEST] ' : ''}${texts.subject}`,
    ...renderWithContext(context, {
      preheader: `${mailWhen(event)} · ${mailPlace(event)}`,
      bodyHtml,
      bodyText,
    }),
  };
}

/**
 * A notice about a booking's payment (transfer, late verdicts), in HTML and text alike: heading, greeting, intro,
 * facts, one link, a closing note; the order number as preheader.
 */
export function bookingNoticeMail(input: {
  context: MailContext;
  subject: string;
  heading: string;
  holderName: string;
  intro: string;
  facts: [string, string][];
  url: string;
  label: string;
  orderNumber: string;
}): MailContent {
  const { context, url, label } = input;
  const closing = `Fragen? Schreib uns an ${context.supportEmail}.`;
  const bodyHtml = markup`${heading(input.heading)}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(input.intro)}
${factsTable(input.facts)}
${button(url, label)}
${note(closing)}`;
  const bodyText = [
    ...openingLines(input.heading, input.holderName, input.intro, input.facts),
    `${label}: ${url}`,
    '',
    closing,
  ].join('\n');
  return {
    subject: input.subject,
    ...renderWithContext(context, {
      preheader: `${ORDER_NUMBER_LABEL} ${input.orderNumber}`,
      bodyHtml,
      bodyText,
    }),
  };
}

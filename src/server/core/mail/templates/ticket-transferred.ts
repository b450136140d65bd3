import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { transferredToSubject } from '@shared/ticket-transfer';
import { button, heading, note, paragraph } from './mail-blocks';
import {
  factsTable,
  mailPlace,
  openingLines,
  mailWhen,
  ticketMail,
  type BookingMailInput,
} from './booking-mail-parts';
import type { MailContent } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface TicketReceivedMailInput extends BookingMailInput {
  /** The substitute, now on the ticket. */
  holderName: string;
  /** Who passed it on (the buyer, or the previous holder's name when an admin acted). */
  fromName: string;
  ticketCode: string;
  /** deliveredOnlineUrl of the event (docs/decisions/019-online-links.md). */
  onlineUrl: string | null;
  isTest: boolean;
}

/**
 * To the substitute: the ticket is now theirs, with its PDF attached (rendered by the outbox worker)
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function ticketReceivedMail(input: TicketReceivedMailInput): MailContent {
  const { context, event } = input;
  const facts: [string, string][] = [
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Wo', mailPlace(event)],
    ['Name auf dem Ticket', input.holderName],
    ['Ticket', `Code ${input.ticketCode}`],
  ];
  const intro = `${input.fromName} hat dir ein Ticket für „${event.title}“ übertragen.`;
  const attached =
    'Im Anhang findest du dein Ticket als PDF. Melde dich mit dieser E-Mail-Adresse an, dann findest du es auch unter „Meine Tickets“.';
  const testNote = 'Dies ist ein Testticket (TEST): Es wurde kein Geld bewegt.';
  return ticketMail(input, {
    subject: `Dein Ticket: ${event.title}`,
    heading: 'Dein Ticket',
    intro,
    facts,
    attached,
    testNote,
    closingNote: `Fragen? Schreib uns an ${context.supportEmail}.`,
  });
}

export interface TicketTransferredMailInput extends BookingMailInput {
  /** Whom the mail greets: the buyer or the previous holder. */
  greetingName: string;
  toName: string;
  toEmail: string;
  /** The code the ticket had: its barcode no longer admits anyone. */
  oldTicketCode: string;
  /** The buyer keeps order and refund rights; a previous substitute loses the ticket. */
  isBuyer: boolean;
}

/**
 * To the buyer and to a previous holder: 'Ticket übertragen an …'
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function ticketTransferredMail(input: TicketTransferredMailInput): MailContent {
  const { context, event } = input;
  const facts: [string, string][] = [
    [ORDER_NUMBER_LABEL, input.orderNumber],
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Neue Inhaberin / neuer Inhaber', `${input.toName} (${input.toEmail})`],
    ['Bisheriger Code', `${input.oldTicketCode} (nicht mehr gültig)`],
  ];
  const intro = `das Ticket für „${event.title}“ wurde an ${input.toName} übertragen. Das Ticket hat eine neue Nummer bekommen; das bisherige Ticket (Code ${input.oldTicketCode}) gilt beim Einlass nicht mehr.`;
  const rights = input.isBuyer
    ? 'Deine Buchung, die Zahlung und dein Recht auf Stornierung bleiben bei dir. Unter „Meine Tickets“ siehst du das Ticket als übertragen.'
    : 'Das Ticket steht dir nicht mehr zur Verfügung.';
  const bodyHtml = markup`${heading('Ticket übertragen')}
${paragraph(`Hallo ${input.greetingName},`)}
${paragraph(intro)}
${factsTable(facts)}
${paragraph(rights)}
${input.isBuyer ? button(`${context.publicUrl}/my-tickets`, 'Meine Tickets ansehen') : ''}
${note(`Das warst du nicht? Schreib uns an ${context.supportEmail}.`)}`;
  const bodyText = [
    ...openingLines('Ticket übertragen', input.greetingName, intro, facts),
    rights,
    '',
    `Das warst du nicht? Schreib uns an ${context.supportEmail}.`,
  ].join('\n');
  return {
    subject: transferredToSubject(input.toName),
    ...renderWithContext(context, { preheader: event.title, bodyHtml, bodyText }),
  };
}

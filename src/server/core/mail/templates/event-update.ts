import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { button, heading, note, paragraph } from './mail-blocks';
import { factsTable, mailPlace, openingLines, mailWhen, type MailEvent } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface EventUpdateMailInput {
  context: MailContext;
  /** The holder's booking (one mail per booking); docs/decisions/020-order-numbers.md. */
  orderNumber: string;
  holderName: string;
  before: MailEvent;
  after: MailEvent;
}

/**
 * Ticket holders are told when the time or the place of their event changes, with the old and the new
 * values side by side (docs/product/admin.md#event-change-mail).
 */
export function eventUpdateMail(input: EventUpdateMailInput): MailContent {
  const { context, holderName, before, after } = input;
  const changed: [string, string][] = [];
  if (mailWhen(before) !== mailWhen(after))
    changed.push(['Neuer Termin', mailWhen(after)], ['Bisher', mailWhen(before)]);
  if (mailPlace(before) !== mailPlace(after))
    changed.push(['Neuer Ort', mailPlace(after)], ['Bisher', mailPlace(before)]);
  const facts: [string, string][] = [...changed, [ORDER_NUMBER_LABEL, input.orderNumber]];
  const intro = `es gibt eine Änderung bei „${after.title}“, für das du ein Ticket hast:`;
  const keep =
    'Dein Ticket bleibt gültig. Falls du am neuen Termin nicht teilnehmen kannst, melde dich bei uns – wir finden eine Lösung.';
  const url = `${context.publicUrl}/event/${after.slug}`;
  const bodyHtml = markup`${heading('Änderung an deiner Veranstaltung')}
${paragraph(`Hallo ${holderName},`)}
${paragraph(intro)}
${factsTable(facts)}
${paragraph(keep)}
${button(url, 'Zur Veranstaltung')}
${note(`Fragen? Schreib uns an ${context.supportEmail}.`)}`;
  const bodyText = [
    ...openingLines('Änderung an deiner Veranstaltung', holderName, intro, facts),
    keep,
    '',
    url,
  ].join('\n');
  return {
    subject: `Änderung: ${after.title}`,
    ...renderWithContext(context, {
      preheader: changed.map(([k, v]) => `${k}: ${v}`)[0] ?? '',
      bodyHtml,
      bodyText,
    }),
  };
}

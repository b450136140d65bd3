import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { button, heading, note, paragraph } from './mail-blocks';
import { mailWhen, type MailEvent } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { onlineLinkBlock } from './online-link';
import { markup } from './safe-html';

export interface OnlineLinkChangedMailInput {
  context: MailContext;
  /** The holder's booking (one mail per booking); docs/decisions/020-order-numbers.md. */
  orderNumber: string;
  holderName: string;
  event: MailEvent;
  onlineUrl: string;
  /** The event had no link for buyers before (none set yet, or it was a presence event). */
  first: boolean;
}

/**
 * The access link of an online event was set or changed: every holder of an active ticket gets the one
 * that now counts (docs/decisions/019-online-links.md).
 */
export function onlineLinkChangedMail(input: OnlineLinkChangedMailInput): MailContent {
  const { context, event, first } = input;
  const access = onlineLinkBlock(input.onlineUrl);
  const title = first ? 'Dein Zugangslink' : 'Neuer Zugangslink';
  const intro = first
    ? `hier ist der Zugangslink für „${event.title}“ am ${mailWhen(event)}:`
    : `für „${event.title}“ am ${mailWhen(event)} gibt es einen neuen Zugangslink:`;
  const keep = `${first ? '' : 'Bitte nutze nur noch diesen Link. '}Du findest ihn auch jederzeit unter „Meine Tickets“.`;
  const ticketsUrl = `${context.publicUrl}/my-tickets`;
  const bodyHtml = markup`${heading(title)}
${paragraph(`Hallo ${input.holderName},`)}
${paragraph(intro)}
${access.html}
${paragraph(keep)}
${paragraph(`${ORDER_NUMBER_LABEL} ${input.orderNumber}`)}
${button(ticketsUrl, 'Meine Tickets ansehen')}
${note(`Fragen? Schreib uns an ${context.supportEmail}.`)}`;
  const bodyText = [
    title,
    '',
    `Hallo ${input.holderName},`,
    '',
    intro,
    '',
    access.text,
    '',
    keep,
    '',
    `${ORDER_NUMBER_LABEL} ${input.orderNumber}`,
    '',
    `Meine Tickets: ${ticketsUrl}`,
  ].join('\n');
  return {
    subject: `${title}: ${event.title}`,
    ...renderWithContext(context, { preheader: access.text, bodyHtml, bodyText }),
  };
}

import { heading, note, paragraph } from './mail-blocks';
import { factsTable, mailPlace, openingLines, mailWhen, type MailEvent } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface WaitlistEventCancelledInput {
  context: MailContext;
  event: MailEvent;
  /** Whom the mail greets: the person of the entry. */
  name: string;
}

/**
 * To everyone still on the waiting list (waiting or holding an offer) of an event cancelled because too few
 * people booked (docs/product/event-mails.md#minimum-attendance): the event does not take place, the entry
 * has ended.
 */
export function waitlistEventCancelledMail(input: WaitlistEventCancelledInput): MailContent {
  const { context, event } = input;
  const intro = `die Veranstaltung „${event.title}“ findet leider nicht statt: Die Mindestteilnehmerzahl wurde nicht erreicht. Dein Platz auf der Warteliste ist damit erledigt – du musst nichts weiter tun.`;
  const facts: [string, string][] = [
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Wo', mailPlace(event)],
  ];
  const more = `Unsere anderen Veranstaltungen findest du auf ${context.publicUrl}.`;
  const questions = `Fragen? Schreib uns an ${context.supportEmail}.`;
  const bodyHtml = markup`${heading('Abgesagt')}
${paragraph(`Hallo ${input.name},`)}
${paragraph(intro)}
${factsTable(facts)}
${paragraph(more)}
${note(questions)}`;
  const bodyText = [...openingLines('Abgesagt', input.name, intro, facts), more, '', questions].join('\n');
  return {
    subject: `Abgesagt: ${event.title}`,
    ...renderWithContext(context, { preheader: `${event.title} findet nicht statt`, bodyHtml, bodyText }),
  };
}

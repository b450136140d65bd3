import { button, heading, note, paragraph } from './mail-blocks';
import { factsTable, factsText, mailPlace, mailWhen, type MailEvent } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface EventUpdateMailInput {
  context: MailContext;
  holderName: string;
  before: MailEvent;
  after: MailEvent;
}

/**
 * spec admin §7 'event-updates': ticket holders are told when the time or the place of their event
 * changes, with the old and the new values side by side.
 */
export function eventUpdateMail({ context, holderName, before, after }: EventUpdateMailInput): MailContent {
  const changed: [string, string][] = [];
  if (mailWhen(before) !== mailWhen(after))
    changed.push(['Neuer Termin', mailWhen(after)], ['Bisher', mailWhen(before)]);
  if (mailPlace(before) !== mailPlace(after))
    changed.push(['Neuer Ort', mailPlace(after)], ['Bisher', mailPlace(before)]);
  const intro = `es gibt eine Änderung bei „${after.title}“, für das du ein Ticket hast:`;
  const keep =
    'Dein Ticket bleibt gültig. Falls du am neuen Termin nicht teilnehmen kannst, melde dich bei uns – wir finden eine Lösung.';
  const url = `${context.publicUrl}/event/${after.slug}`;
  const bodyHtml = markup`${heading('Änderung an deiner Veranstaltung')}
${paragraph(`Hallo ${holderName},`)}
${paragraph(intro)}
${factsTable(changed)}
${paragraph(keep)}
${button(url, 'Zur Veranstaltung')}
${note(`Fragen? Schreib uns an ${context.supportEmail}.`)}`;
  const bodyText = [
    'Änderung an deiner Veranstaltung',
    '',
    `Hallo ${holderName},`,
    '',
    intro,
    '',
    factsText(changed),
    '',
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

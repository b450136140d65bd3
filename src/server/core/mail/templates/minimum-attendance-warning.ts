import { formatDate, formatTime } from '@shared/date-range';
import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import { factsTable, factsText, mailWhen, type MailEvent } from './booking-mail-parts';
import type { MailContent, MailContext } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

export interface MinimumAttendanceWarningInput {
  context: MailContext;
  event: MailEvent & { id: string };
  /** Persons of the active tickets now. */
  taken: number;
  minimum: number;
  decisionAt: Date;
}

/** 'Sa., 12.12.2026, 10:00 Uhr' in the event's own zone. */
export const decisionMoment = (value: Date, timezone: string) =>
  `${formatDate(value, timezone)}, ${formatTime(value, timezone)} Uhr`;

/**
 * To every admin and the event's organizers two days before the decision time of an event with a minimum
 * attendance (docs/product/event-mails.md#minimum-attendance): how many seats are taken, when it is decided,
 * and that 'Findet statt' in the admin confirms the event early.
 */
export function minimumAttendanceWarningMail(input: MinimumAttendanceWarningInput): MailContent {
  const { context, event } = input;
  const when = decisionMoment(input.decisionAt, event.timezone);
  const editUrl = `${context.publicUrl}/admin/events/${event.id}/edit`;
  const intro = `für „${event.title}“ ist eine Mindestteilnehmerzahl von ${input.minimum} festgelegt. Bisher sind ${input.taken} von mindestens ${input.minimum} Plätzen belegt.`;
  const rule = `Am ${when} wird entschieden: Ist die Zahl dann nicht erreicht, wird das Event automatisch abgesagt und alle Tickets werden voll erstattet.`;
  const confirm =
    'Soll das Event in jedem Fall stattfinden, bestätige es vorher im Admin mit „Findet statt“.';
  const facts: [string, string][] = [
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Belegt', `${input.taken} von mindestens ${input.minimum}`],
    ['Entscheidung', when],
  ];
  const bodyHtml = markup`${heading('Mindestteilnehmerzahl')}
${paragraph('Hallo,')}
${paragraph(intro)}
${factsTable(facts)}
${paragraph(rule)}
${paragraph(confirm)}
${button(editUrl, 'Event im Admin öffnen')}
${urlFallback(editUrl)}
${note('Diese E-Mail geht an alle Admins und die Veranstalter des Events.')}`;
  const bodyText = [
    'Mindestteilnehmerzahl',
    '',
    'Hallo,',
    '',
    intro,
    '',
    factsText(facts),
    '',
    rule,
    '',
    confirm,
    '',
    `Event im Admin öffnen: ${editUrl}`,
  ].join('\n');
  return {
    subject: `Mindestteilnehmerzahl: ${event.title} – Entscheidung am ${formatDate(input.decisionAt, event.timezone)}`,
    ...renderWithContext(context, {
      preheader: `${input.taken} von mindestens ${input.minimum} Plätzen belegt · Entscheidung am ${when}`,
      bodyHtml,
      bodyText,
    }),
  };
}

import { formatDate, formatTime } from '@shared/date-range';
import { offerMailSubject } from '@shared/waitlist';
import { button, heading, note, paragraph, urlFallback } from './mail-blocks';
import { factsTable, mailPlace, openingLines, mailWhen, type BookingMailInput } from './booking-mail-parts';
import type { MailContent } from './mail-context';
import { renderWithContext } from './layout-for';
import { markup } from './safe-html';

/** An offer is not a booking yet, so it has no order number; everything else as in every booking mail. */
export interface WaitlistOfferMailInput extends Omit<BookingMailInput, 'orderNumber'> {
  /** Whom the mail greets: the person of the entry. */
  name: string;
  /** Absolute: the public URL and offerCheckoutPath (docs/product/waiting-list.md#offer-checkout). */
  checkoutUrl: string;
  /** When the offer ends (docs/product/waiting-list.md#offer-time). */
  offerExpiresAt: Date;
}

/** 'Sa., 12.12.2026, 10:00 Uhr' in the event's own zone, as the other mails write a moment. */
const mailMoment = (value: Date, timezone: string) =>
  `${formatDate(value, timezone)}, ${formatTime(value, timezone)} Uhr`;

/**
 * To the next person on the waiting list when a seat is offered to them, written to the outbox in the
 * transaction that makes the offer (docs/product/waiting-list.md#offers): 'Dein Platz ist frei: {Titel}'.
 */
export function waitlistOfferMail(input: WaitlistOfferMailInput): MailContent {
  const { context, event } = input;
  const until = mailMoment(input.offerExpiresAt, event.timezone);
  const facts: [string, string][] = [
    ['Veranstaltung', event.title],
    ['Wann', mailWhen(event)],
    ['Wo', mailPlace(event)],
    ['Reserviert bis', until],
  ];
  const intro = `Für „${event.title}“ ist ein Platz frei geworden – und du bist als Nächstes dran.`;
  const decline =
    'Wenn du nicht mehr teilnehmen kannst, gib den Platz auf der Buchungsseite frei – dann bekommt ihn die nächste Person auf der Warteliste.';
  const expiry = 'Nach Ablauf der Zeit geht der Platz automatisch an die nächste Person.';
  const questions = `Fragen? Schreib uns an ${context.supportEmail}.`;
  const bodyHtml = markup`${heading('Dein Platz ist frei')}
${paragraph(`Hallo ${input.name},`)}
${paragraph(intro)}
${factsTable(facts)}
${button(input.checkoutUrl, 'Platz jetzt buchen')}
${paragraph(decline)}
${urlFallback(input.checkoutUrl)}
${note(expiry)}
${note(questions)}`;
  const bodyText = [
    ...openingLines('Dein Platz ist frei', input.name, intro, facts),
    `Platz jetzt buchen: ${input.checkoutUrl}`,
    '',
    decline,
    '',
    expiry,
    '',
    questions,
  ].join('\n');
  return {
    subject: offerMailSubject(event.title),
    ...renderWithContext(context, {
      preheader: `Reserviert bis ${until} · ${mailWhen(event)}`,
      bodyHtml,
      bodyText,
    }),
  };
}

import type { ParticipantList } from '@shared/participants';
import { seatFiguresText } from '@shared/seat-figures';
import { answerTexts, participantDetails } from '../participant-view';

/**
 * What 'Drucken' puts on paper (docs/product/organizer-day.md#participants): the event and one line per
 * ticket still valid, sorted by name, with an empty box to tick at the door; under the name its category (when
 * the event has several) and its answers (docs/product/ticket-categories.md#answers). Hidden on screen; while it is
 * on the page, app.css hides the site's header for print (`.print-participants`).
 */
export function ParticipantsPrint({
  list,
  when,
  place,
}: {
  list: ParticipantList;
  when: string;
  place: string;
}) {
  const details = participantDetails(list);
  const people = list.participants
    .filter((participant) => participant.state !== 'cancelled')
    .sort((a, b) => a.holderName.localeCompare(b.holderName, 'de-DE'));
  return (
    <div className="print-participants hidden text-black print:block" aria-hidden>
      <h2 className="text-xl font-semibold">{list.event.title}</h2>
      <p className="text-sm">
        {when}
        {place && ` · ${place}`}
      </p>
      <p className="mb-4 text-sm">
        {people.length} {people.length === 1 ? 'Ticket' : 'Tickets'} · {seatFiguresText(list.seats)}
      </p>
      <ol className="text-sm">
        {people.map((participant) => (
          <li
            key={participant.ticketId}
            className="flex items-center gap-3 border-b border-neutral-400 py-1.5 break-inside-avoid"
          >
            <span className="inline-block h-4 w-4 shrink-0 border border-black" />
            <span className="flex-1">
              <span className="font-medium">
                {participant.holderName}
                {participant.seats > 1 && ` (${participant.seats} Personen)`}
              </span>
              {details.categories && participant.categoryName && (
                <span className="text-neutral-600"> · {participant.categoryName}</span>
              )}
              {details.answers && answerTexts(participant).length > 0 && (
                <span className="block text-xs text-neutral-700">{answerTexts(participant).join(' · ')}</span>
              )}
            </span>
            {participant.buyerName !== participant.holderName && (
              <span className="text-neutral-600">{participant.buyerName}</span>
            )}
            <span className="w-12 font-mono">{participant.code}</span>
            <span className="w-24 font-mono">{participant.orderNumber}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

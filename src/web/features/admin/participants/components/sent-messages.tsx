import { formatDateTimeShort } from '@web/lib/format';
import { useParticipantMessages } from '../api/get-participant-messages';
import { ErrorText } from '@web/components/ui/error-text';

const reach = (count: number) => (count === 1 ? 'an 1 Person' : `an ${count} Personen`);

/**
 * 'Gesendete Nachrichten' below the participant list: each message sent with 'Nachricht an alle', newest
 * first, with its time, reach and sender (docs/product/event-mails.md#participant-message).
 */
export function SentMessages({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const messages = useParticipantMessages(eventId);
  return (
    <section aria-labelledby="sent-messages-heading" className="flex flex-col gap-2">
      <h2 id="sent-messages-heading" className="text-base font-semibold">
        Gesendete Nachrichten
      </h2>
      {messages.isPending ? (
        <p className="text-sm text-muted-foreground">Wird geladen …</p>
      ) : messages.isError ? (
        <ErrorText alert={false}>Die gesendeten Nachrichten konnten nicht geladen werden.</ErrorText>
      ) : messages.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">Noch keine Nachrichten verschickt.</p>
      ) : (
        <ul className="rounded-2xl border border-border bg-card text-card-foreground">
          {messages.data.messages.map((message) => (
            <li
              key={message.id}
              className="flex flex-col gap-0.5 border-b border-border px-4 py-3 last:border-b-0"
            >
              <span className="font-medium break-words">{message.subject}</span>
              <span className="text-sm text-muted-foreground">
                {[
                  formatDateTimeShort(message.createdAt, timeZone),
                  reach(message.recipients),
                  message.actorName ? `von ${message.actorName}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import type { Participant, ParticipantState } from '@shared/participants';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@web/lib/use-media-query';
import { participantStateText } from '../participant-view';

interface ListProps {
  participants: Participant[];
  timeZone: string;
  currency: string;
}

const TONES: Record<ParticipantState, BadgeTone> = {
  active: 'success',
  cancelled: 'destructive',
  'checked-in': 'primary',
};

function StateBadge({ participant, timeZone }: { participant: Participant; timeZone: string }) {
  return <Badge tone={TONES[participant.state]}>{participantStateText(participant, timeZone)}</Badge>;
}

function Price({ participant, currency }: { participant: Participant; currency: string }) {
  return (
    <>
      {formatPrice(participant.priceCents, currency)}
      {participant.seats > 1 && (
        <span className="text-xs text-muted-foreground"> ({participant.seats} Personen)</span>
      )}
    </>
  );
}

const COLUMNS = [
  'Name auf dem Ticket',
  'Käufer:in',
  'E-Mail',
  'Telefon',
  'Bestellnummer',
  'Ticket-Code',
  'Preis',
  'Status',
  'Gebucht am',
];

/**
 * The participants, one per ticket: a table on wide screens, cards on phones (only one of them is rendered,
 * as in 'Tickets verwalten'; docs/product/organizer-day.md#participants).
 */
export function ParticipantList(props: ListProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return wide ? <ParticipantTable {...props} /> : <ParticipantCards {...props} />;
}

function ParticipantTable({ participants, timeZone, currency }: ListProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card text-card-foreground">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Teilnehmende</caption>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {participants.map((participant) => (
            <tr key={participant.ticketId} className="border-b border-border last:border-b-0">
              <th scope="row" className="px-3 py-3 align-top font-medium">
                {participant.holderName}
              </th>
              <td className="px-3 py-3 align-top">{participant.buyerName}</td>
              <td className="px-3 py-3 align-top break-all">{participant.email}</td>
              <td className="whitespace-nowrap px-3 py-3 align-top">{participant.phone ?? '–'}</td>
              <td className="whitespace-nowrap px-3 py-3 align-top font-mono">{participant.orderNumber}</td>
              <td className="px-3 py-3 align-top font-mono" title={participant.ticketNumber}>
                {participant.code}
              </td>
              <td className="whitespace-nowrap px-3 py-3 align-top tabular-nums">
                <Price participant={participant} currency={currency} />
              </td>
              <td className="px-3 py-3 align-top">
                <StateBadge participant={participant} timeZone={timeZone} />
              </td>
              <td className="whitespace-nowrap px-3 py-3 align-top tabular-nums">
                {formatDateTimeShort(participant.bookedAt, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ParticipantCards({ participants, timeZone, currency }: ListProps) {
  return (
    <ul className="rounded-2xl border border-border bg-card text-card-foreground">
      {participants.map((participant) => (
        <li
          key={participant.ticketId}
          aria-label={participant.holderName}
          className="flex flex-col gap-2 border-b border-border px-4 py-3 last:border-b-0"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-words">{participant.holderName}</span>
            <StateBadge participant={participant} timeZone={timeZone} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <Fact term="Käufer:in">{participant.buyerName}</Fact>
            <Fact term="E-Mail">
              <span className="break-all">{participant.email}</span>
            </Fact>
            {participant.phone && <Fact term="Telefon">{participant.phone}</Fact>}
            <Fact term="Bestellnummer">
              <span className="font-mono">{participant.orderNumber}</span>
            </Fact>
            <Fact term="Ticket-Code">
              <span className="font-mono">{participant.code}</span>
            </Fact>
            <Fact term="Preis">
              <Price participant={participant} currency={currency} />
            </Fact>
            <Fact term="Gebucht am">
              <span className="tabular-nums">{formatDateTimeShort(participant.bookedAt, timeZone)}</span>
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

import type { ReactNode } from 'react';
import type { Participant, ParticipantState } from '@shared/participants';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@web/lib/use-media-query';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import {
  answerTexts,
  isMessageable,
  participantStateText,
  type ParticipantDetails,
} from '../participant-view';
import { AdminTable } from '@web/features/admin/kit/admin-table';

/** The tickets chosen for 'Nachricht an … Ausgewählte' (docs/product/event-mails.md#participant-message). */
export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (ticketIds: string[], selected: boolean) => void;
}

interface ListProps {
  participants: Participant[];
  timeZone: string;
  currency: string;
  selection: Selection;
  details: ParticipantDetails;
}

const TONES: Record<ParticipantState, BadgeTone> = {
  active: 'success',
  cancelled: 'destructive',
  'checked-in': 'primary',
};

function StateBadge({ participant, timeZone }: { participant: Participant; timeZone: string }) {
  return <Badge tone={TONES[participant.state]}>{participantStateText(participant, timeZone)}</Badge>;
}

/** The box of one ticket; cancelled tickets get no message and so no box. */
function SelectBox({ participant, selection }: { participant: Participant; selection: Selection }) {
  if (!isMessageable(participant)) return null;
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={`${participant.holderName} (${participant.code}) auswählen`}
      checked={selection.selected.has(participant.ticketId)}
      onChange={(change) => selection.onChange([participant.ticketId], change.target.checked)}
    />
  );
}

/** Selects or clears every shown ticket that can get a message. */
function SelectAllBox({ participants, selection }: { participants: Participant[]; selection: Selection }) {
  const ids = participants.filter(isMessageable).map((participant) => participant.ticketId);
  if (ids.length === 0) return null;
  const all = ids.every((ticketId) => selection.selected.has(ticketId));
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label="Alle angezeigten auswählen"
      checked={all}
      onChange={(change) => selection.onChange(ids, change.target.checked)}
    />
  );
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
const CATEGORY_COLUMN = 'Ticketart';
const ANSWERS_COLUMN = 'Angaben';

/** The answers of a ticket, one per line; plain text, React escapes it (docs/product/ticket-categories.md#answers). */
function Answers({ participant }: { participant: Participant }) {
  const lines = answerTexts(participant);
  if (lines.length === 0) return <>–</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {lines.map((line, index) => (
        <li key={index} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/**
 * The participants, one per ticket: a table on wide screens, cards on phones (only one of them is rendered,
 * as in 'Tickets verwalten'; docs/product/organizer-day.md#participants).
 */
export function ParticipantList(props: ListProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return wide ? <ParticipantTable {...props} /> : <ParticipantCards {...props} />;
}

function ParticipantTable({ participants, timeZone, currency, selection, details }: ListProps) {
  const columns = [
    ...COLUMNS,
    ...(details.categories ? [CATEGORY_COLUMN] : []),
    ...(details.answers ? [ANSWERS_COLUMN] : []),
  ];
  return (
    <AdminTable
      caption="Teilnehmende"
      columns={columns}
      minWidth={details.answers ? 'min-w-[92rem]' : 'min-w-[76rem]'}
      lead={
        <th scope="col" className="w-10 px-3 py-3">
          <span className="sr-only">Auswahl</span>
          <SelectAllBox participants={participants} selection={selection} />
        </th>
      }
    >
      {participants.map((participant) => (
        <tr key={participant.ticketId} className="border-b border-border last:border-b-0">
          <td className="px-3 py-3 align-top">
            <SelectBox participant={participant} selection={selection} />
          </td>
          <th scope="row" className="px-3 py-3 align-top font-medium">
            {participant.holderName}
          </th>
          <td className="px-3 py-3 align-top">{participant.buyerName}</td>
          <td className="min-w-[14rem] px-3 py-3 align-top break-all">{participant.email}</td>
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
          {details.categories && <td className="px-3 py-3 align-top">{participant.categoryName ?? '–'}</td>}
          {details.answers && (
            <td className="min-w-[16rem] px-3 py-3 align-top">
              <Answers participant={participant} />
            </td>
          )}
        </tr>
      ))}
    </AdminTable>
  );
}

function ParticipantCards({ participants, timeZone, currency, selection, details }: ListProps) {
  return (
    <ul className="rounded-2xl border border-border bg-card text-card-foreground">
      {participants.map((participant) => (
        <li
          key={participant.ticketId}
          aria-label={participant.holderName}
          className="flex flex-col gap-2 border-b border-border px-4 py-3 last:border-b-0"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex items-center gap-2">
              <SelectBox participant={participant} selection={selection} />
              <span className="font-medium break-words">{participant.holderName}</span>
            </span>
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
            {details.categories && participant.categoryName && (
              <Fact term={CATEGORY_COLUMN}>{participant.categoryName}</Fact>
            )}
            {details.answers && (participant.answers?.length ?? 0) > 0 && (
              <Fact term={ANSWERS_COLUMN}>
                <Answers participant={participant} />
              </Fact>
            )}
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

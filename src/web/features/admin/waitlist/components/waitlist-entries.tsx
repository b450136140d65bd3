import type { ReactNode } from 'react';
import {
  WAITLIST_LABELS,
  WAITLIST_STATUS_LABELS,
  type AdminWaitlistEntry,
  type WaitlistEntryStatus,
} from '@shared/waitlist';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@web/lib/use-media-query';
import { AdminTable } from '@web/features/admin/kit/admin-table';

export interface EntriesProps {
  entries: AdminWaitlistEntry[];
  timeZone: string;
  /** The entry an action runs for: its buttons wait. */
  busyId: string | null;
  onOffer: (entry: AdminWaitlistEntry) => void;
  onRemove: (entry: AdminWaitlistEntry) => void;
}

const TONES: Record<WaitlistEntryStatus, BadgeTone> = {
  waiting: 'primary',
  offered: 'warning',
  booked: 'success',
  declined: 'neutral',
  expired: 'neutral',
  left: 'neutral',
  removed: 'neutral',
};

/** 'Platz angeboten bis 14.03.2026 18:30', 'Gebucht · WR-7K3Q9F', 'Wartet'. */
export function statusText(entry: AdminWaitlistEntry, timeZone: string): string {
  const label = WAITLIST_STATUS_LABELS[entry.status];
  if (entry.status === 'offered' && entry.offerExpiresAt) {
    return `${label} bis ${formatDateTimeShort(entry.offerExpiresAt, timeZone)}`;
  }
  if (entry.status === 'booked' && entry.orderNumber) return `${label} · ${entry.orderNumber}`;
  return label;
}

const positionText = (entry: AdminWaitlistEntry) => (entry.position === null ? '–' : String(entry.position));

const COLUMNS = ['Nr.', 'Name', 'E-Mail', 'Eingetragen', 'Status', 'Aktionen'];

/**
 * The entries of one event's waiting list in list order: a table on wide screens, cards on phones (one of
 * them rendered, as on 'Teilnehmende'; docs/product/waiting-list.md#admin-waitlist).
 */
export function WaitlistEntries(props: EntriesProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return wide ? <EntriesTable {...props} /> : <EntriesCards {...props} />;
}

function EntriesTable({ entries, timeZone, ...actions }: EntriesProps) {
  return (
    <AdminTable caption={WAITLIST_LABELS.adminTitle} columns={COLUMNS} minWidth="min-w-[52rem]">
      {entries.map((entry) => (
        <tr key={entry.id} data-entry-id={entry.id} className="border-b border-border last:border-b-0">
          <td className="px-3 py-3 align-top tabular-nums">{positionText(entry)}</td>
          <th scope="row" className="px-3 py-3 align-top font-medium">
            {entry.name}
            <Seats entry={entry} />
          </th>
          <td className="px-3 py-3 align-top break-all">{entry.email}</td>
          <td className="whitespace-nowrap px-3 py-3 align-top tabular-nums">
            {formatDateTimeShort(entry.joinedAt, timeZone)}
          </td>
          <td className="px-3 py-3 align-top">
            <Badge tone={TONES[entry.status]}>{statusText(entry, timeZone)}</Badge>
          </td>
          <td className="px-3 py-3 align-top">
            <EntryActions entry={entry} {...actions} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function EntriesCards({ entries, timeZone, ...actions }: EntriesProps) {
  return (
    <ul className="rounded-2xl border border-border bg-card text-card-foreground">
      {entries.map((entry) => (
        <li
          key={entry.id}
          aria-label={entry.name}
          data-entry-id={entry.id}
          className="flex flex-col gap-2 border-b border-border px-4 py-3 last:border-b-0"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-words">
              {entry.position !== null && <span className="tabular-nums">{entry.position}. </span>}
              {entry.name}
              <Seats entry={entry} />
            </span>
            <Badge tone={TONES[entry.status]}>{statusText(entry, timeZone)}</Badge>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <Fact term="E-Mail">
              <span className="break-all">{entry.email}</span>
            </Fact>
            <Fact term="Eingetragen">
              <span className="tabular-nums">{formatDateTimeShort(entry.joinedAt, timeZone)}</span>
            </Fact>
          </dl>
          <EntryActions entry={entry} {...actions} />
        </li>
      ))}
    </ul>
  );
}

function EntryActions({
  entry,
  busyId,
  onOffer,
  onRemove,
}: Omit<EntriesProps, 'entries' | 'timeZone'> & { entry: AdminWaitlistEntry }) {
  const busy = busyId === entry.id;
  const active = entry.status === 'waiting' || entry.status === 'offered';
  if (!active) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {entry.status === 'waiting' && (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`${WAITLIST_LABELS.offerByHand}: ${entry.name}`}
          onClick={() => onOffer(entry)}
        >
          {WAITLIST_LABELS.offerByHand}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`${WAITLIST_LABELS.remove}: ${entry.name}`}
        onClick={() => onRemove(entry)}
      >
        {WAITLIST_LABELS.remove}
      </Button>
    </div>
  );
}

/** A pair's entry needs two seats (docs/product/waiting-list.md#join). */
function Seats({ entry }: { entry: AdminWaitlistEntry }) {
  if (entry.seats <= 1) return null;
  return <span className="text-xs font-normal text-muted-foreground"> ({entry.seats} Plätze)</span>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

import type { ReactNode } from 'react';
import { ticketShortId } from '@shared/admin-tickets';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { TicketActions, ticketLabel, type TicketItemProps } from './ticket-actions';
import { TicketBadges } from './ticket-badges';

/**
 * One ticket on a phone: what the table row shows (its columns, order number, buyer e-mail, price, refund)
 * plus the event, stacked instead of cut off (docs/decisions/026-admin-tickets-on-phones.md).
 */
export function TicketCard({
  ticket,
  eventTitle,
  timeZone,
  checked,
  busy,
  onToggle,
  actions,
}: TicketItemProps & { eventTitle: string }) {
  const label = ticketLabel(ticket);
  return (
    <li
      aria-label={label}
      className={`flex flex-col gap-3 border-b border-border px-4 py-3 last:border-b-0 ${checked ? 'bg-accent/40' : ''}`}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          aria-label={`${label} auswählen`}
          checked={checked}
          onChange={onToggle}
          className="mt-1 h-4 w-4 shrink-0 accent-primary"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-semibold" title={ticket.ticketNumber}>
              {ticket.code}
            </span>
            <span className="font-medium break-words">{ticket.holderName || 'Unbekannt'}</span>
          </div>
          {ticket.buyerEmail && (
            <div className="text-sm break-all text-muted-foreground">{ticket.buyerEmail}</div>
          )}
        </div>
      </div>
      <TicketBadges ticket={ticket} timeZone={timeZone} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Fact term="Bestellnummer">
          <span className="font-mono">{ticket.orderNumber}</span>
        </Fact>
        <Fact term="Event">{eventTitle}</Fact>
        {ticket.categoryName && <Fact term="Ticketart">{ticket.categoryName}</Fact>}
        <Fact term="Preis">{formatPrice(ticket.priceCents, ticket.currency)}</Fact>
        {ticket.paymentMethod && <Fact term="Zahlungsart">{ticket.paymentMethod}</Fact>}
        <Fact term="Gebucht am">
          <span className="tabular-nums">{formatDateTimeShort(ticket.createdAt)}</span>
        </Fact>
        <Fact term="ID">
          <span className="font-mono text-xs" title={ticket.id}>
            {ticketShortId(ticket.id)}
          </span>
        </Fact>
      </dl>
      <TicketActions ticket={ticket} busy={busy} actions={actions} />
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

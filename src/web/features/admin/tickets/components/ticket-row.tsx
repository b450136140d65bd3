import { ticketShortId } from '@shared/admin-tickets';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { TicketActions, ticketLabel, type TicketItemProps } from './ticket-actions';
import { TicketBadges } from './ticket-badges';

/**
 * The columns: select, short id, name, category ('Ticketart'), code, status badges, date, actions; after
 * the id the booking's order number (docs/decisions/020-order-numbers.md).
 */
export function TicketRow({ ticket, timeZone, checked, busy, onToggle, actions }: TicketItemProps) {
  const name = ticket.holderName || ticket.buyerEmail || 'Unbekannt';
  const label = ticketLabel(ticket);
  return (
    <tr className={`border-b border-border last:border-b-0 ${checked ? 'bg-accent/40' : ''}`}>
      <td className="px-3 py-2 align-top">
        <input
          type="checkbox"
          aria-label={`${label} auswählen`}
          checked={checked}
          onChange={onToggle}
          className="h-4 w-4 accent-primary"
        />
      </td>
      <td className="px-3 py-2 align-top font-mono text-xs" title={ticket.id}>
        {ticketShortId(ticket.id)}
      </td>
      <td className="whitespace-nowrap px-3 py-2 align-top font-mono text-xs">{ticket.orderNumber}</td>
      <td className="px-3 py-2 align-top">
        <div className="font-medium">{name}</div>
        {ticket.buyerEmail && ticket.buyerEmail !== name && (
          <div className="break-all text-xs text-muted-foreground">{ticket.buyerEmail}</div>
        )}
        <div className="text-xs text-muted-foreground">
          {formatPrice(ticket.priceCents, ticket.currency)}
          {/* what it was paid with (docs/product/payments.md#method-names) */}
          {ticket.paymentMethod && <span> · {ticket.paymentMethod}</span>}
        </div>
      </td>
      <td className="px-3 py-2 align-top">{ticket.categoryName ?? '–'}</td>
      <td className="px-3 py-2 align-top font-mono" title={ticket.ticketNumber}>
        {ticket.code}
      </td>
      <td className="px-3 py-2 align-top">
        <TicketBadges ticket={ticket} timeZone={timeZone} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
        {formatDateTimeShort(ticket.createdAt)}
      </td>
      <td className="px-3 py-2 align-top">
        <TicketActions ticket={ticket} busy={busy} actions={actions} className="justify-end" />
      </td>
    </tr>
  );
}

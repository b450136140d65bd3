import { Ban, Download, ImageUp, Trash2, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ticketShortId, type AdminTicketRow } from '@shared/admin-tickets';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { TicketBadges } from './ticket-badges';

export interface TicketRowActions {
  onPdf: (ticket: AdminTicketRow) => void;
  onRerender: (ticket: AdminTicketRow) => void;
  onCancel: (ticket: AdminTicketRow) => void;
  onDelete: (ticket: AdminTicketRow) => void;
}

/**
 * spec admin §2 columns: select, short id, name, code, status badges, date, actions; after the id the
 * booking's order number (docs/decisions/020-order-numbers.md).
 */
export function TicketRow({
  ticket,
  checked,
  busy,
  onToggle,
  actions,
}: {
  ticket: AdminTicketRow;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  actions: TicketRowActions;
}) {
  const name = ticket.holderName || ticket.buyerEmail || 'Unbekannt';
  const label = `Ticket ${ticket.code} (${name})`;
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
        <div className="text-xs text-muted-foreground">{formatPrice(ticket.priceCents, ticket.currency)}</div>
      </td>
      <td className="px-3 py-2 align-top font-mono" title={ticket.ticketNumber}>
        {ticket.code}
      </td>
      <td className="px-3 py-2 align-top">
        <TicketBadges ticket={ticket} />
      </td>
      <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
        {formatDateTimeShort(ticket.createdAt)}
      </td>
      <td className="px-3 py-2 align-top">
        <div className="flex justify-end gap-0.5">
          <IconButton label={`PDF von ${label} herunterladen`} onClick={() => actions.onPdf(ticket)}>
            <Download className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton
            label={`Vorschau von ${label} neu rendern`}
            disabled={busy}
            onClick={() => actions.onRerender(ticket)}
          >
            <ImageUp className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton
            label={`${label} stornieren`}
            disabled={ticket.status !== 'active'}
            onClick={() => actions.onCancel(ticket)}
          >
            <Ban className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton label={`${label} löschen`} destructive onClick={() => actions.onDelete(ticket)}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </IconButton>
          {ticket.profileId && (
            <Link
              to={`/admin/users?user=${encodeURIComponent(ticket.profileId)}`}
              className={buttonClasses('ghost', 'sm', 'w-9 px-0')}
              aria-label={`Benutzer von ${label} anzeigen`}
              title="Benutzer anzeigen"
            >
              <UserRound className="h-4 w-4" aria-hidden />
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}

function IconButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className={`w-9 px-0 ${props.destructive ? 'text-destructive' : ''}`}
    >
      {props.children}
    </Button>
  );
}

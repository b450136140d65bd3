import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  ArrowRightLeft,
  Ban,
  Download,
  ImageUp,
  MoreHorizontal,
  RefreshCw,
  Trash2,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_PAYMENT_MESSAGES } from '@shared/admin-payments';
import type { AdminTicketRow } from '@shared/admin-tickets';
import { USED_PAYMENT_METHOD_LABELS } from '@shared/payment-methods';
import { Button, buttonClasses } from '@web/components/ui/button';

export interface TicketRowActions {
  onPdf: (ticket: AdminTicketRow) => void;
  onRerender: (ticket: AdminTicketRow) => void;
  onCancel: (ticket: AdminTicketRow) => void;
  onDelete: (ticket: AdminTicketRow) => void;
  /** 'Übertragen' to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer). */
  onTransfer: (ticket: AdminTicketRow) => void;
  /** 'Mit Stripe abgleichen' on the ticket's booking (docs/product/payments.md#reconcile-by-hand). */
  onReconcile?: (ticket: AdminTicketRow) => void;
}

/** What a ticket's row (table) and card (phones) both take. */
export interface TicketItemProps {
  ticket: AdminTicketRow;
  /** The event's time zone, for the check-in time. */
  timeZone?: string;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  actions: TicketRowActions;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

/** Paid through a payment provider (not free, not by transfer): its booking can be reconciled. */
const paidOnline = (ticket: AdminTicketRow) =>
  ticket.paymentMethod !== null && ticket.paymentMethod !== USED_PAYMENT_METHOD_LABELS.bank_transfer;

/** 'Ticket 0001 (Greta Gans)': names the ticket in the actions' accessible names. */
export const ticketLabel = (ticket: AdminTicketRow) =>
  `Ticket ${ticket.code} (${ticket.holderName || ticket.buyerEmail || 'Unbekannt'})`;

/**
 * The row actions (docs/product/admin.md#tickets-screen). PDF and 'Stornieren' carry visible words, the user
 * link a tooltip; 'Vorschau neu rendern' and 'Löschen' sit in the '…' menu, so delete is never next to cancel
 * and still asks first (docs/decisions/026-admin-tickets-on-phones.md). 'Übertragen' sits there too, for active
 * tickets before the event (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function TicketActions({
  ticket,
  busy,
  actions,
  className = '',
}: {
  ticket: AdminTicketRow;
  busy: boolean;
  actions: TicketRowActions;
  className?: string;
}) {
  const label = ticketLabel(ticket);
  return (
    <div className={`flex flex-wrap items-center gap-1 ${className}`}>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`PDF von ${label} herunterladen`}
        title="PDF herunterladen"
        onClick={() => actions.onPdf(ticket)}
        className="px-2"
      >
        <Download className="h-4 w-4" aria-hidden />
        PDF
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${label} stornieren`}
        title="Ticket stornieren"
        disabled={ticket.status !== 'active'}
        onClick={() => actions.onCancel(ticket)}
        className="px-2"
      >
        <Ban className="h-4 w-4" aria-hidden />
        Stornieren
      </Button>
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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={buttonClasses('ghost', 'sm', 'w-9 px-0')}
          aria-label={`Weitere Aktionen für ${label}`}
          title="Weitere Aktionen"
        >
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
          >
            <DropdownMenu.Item
              className={itemClass}
              disabled={busy || ticket.status !== 'active' || ticket.past}
              onSelect={() => actions.onTransfer(ticket)}
            >
              <ArrowRightLeft className="h-4 w-4" aria-hidden /> Übertragen
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              disabled={busy}
              onSelect={() => actions.onRerender(ticket)}
            >
              <ImageUp className="h-4 w-4" aria-hidden /> Vorschau neu rendern
            </DropdownMenu.Item>
            {actions.onReconcile && paidOnline(ticket) && (
              <DropdownMenu.Item
                className={itemClass}
                disabled={busy}
                onSelect={() => actions.onReconcile?.(ticket)}
              >
                <RefreshCw className="h-4 w-4" aria-hidden /> {ADMIN_PAYMENT_MESSAGES.reconcile}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={`${itemClass} text-destructive`}
              onSelect={() => actions.onDelete(ticket)}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Löschen
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

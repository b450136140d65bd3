import { adminTicketBadges, type AdminTicketBadge, type AdminTicketRow } from '@shared/admin-tickets';
import { paymentReturnText } from '@shared/late-payments';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';

const TONE: Record<AdminTicketBadge, BadgeTone> = {
  AKTIV: 'success',
  VERGANGEN: 'neutral',
  STORNIERT: 'destructive',
  'STORNO-ANFRAGE': 'warning',
  TEST: 'primary',
};
const LABEL: Record<AdminTicketBadge, string> = {
  AKTIV: 'Aktiv',
  VERGANGEN: 'Vergangen',
  STORNIERT: 'Storniert',
  'STORNO-ANFRAGE': 'STORNO-ANFRAGE',
  TEST: 'TEST',
};

/** 'Eingecheckt 14.03., 18:30 Uhr' in the event's time zone. */
export function checkedInLabel(at: string, timeZone?: string): string {
  const [date = '', time = ''] = formatDateTimeShort(at, timeZone).split(' ');
  return `Eingecheckt ${date.slice(0, 6)}, ${time} Uhr`;
}

/**
 * The display state as badges (docs/product/tickets-and-refunds.md#ticket-filter), what was refunded so
 * far, to whom the ticket was transferred (docs/product/tickets-and-refunds.md#ticket-transfer) and when it
 * was checked in, in the event's time zone.
 */
export function TicketBadges({ ticket, timeZone }: { ticket: AdminTicketRow; timeZone?: string }) {
  const substitute = ticket.holderName || ticket.holderEmail || 'Unbekannt';
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        {adminTicketBadges(ticket).map((badge) => (
          <Badge key={badge} tone={TONE[badge]}>
            {LABEL[badge]}
          </Badge>
        ))}
      </div>
      {ticket.checkedInAt && (
        <span className="text-xs font-medium tabular-nums">
          {checkedInLabel(ticket.checkedInAt, timeZone)}
        </span>
      )}
      {ticket.transferredAt && (
        <span
          className="text-xs"
          title={ticket.holderEmail ? `${substitute} <${ticket.holderEmail}>` : undefined}
        >
          <span className="break-words">Übertragen an {substitute}</span>
          {ticket.holderEmail && ticket.holderEmail !== substitute && (
            <span className="block break-all text-muted-foreground">{ticket.holderEmail}</span>
          )}
        </span>
      )}
      {/* a returned debit with its fee (docs/decisions/054-late-verdicts-and-returned-debits.md) */}
      {ticket.paymentReturn && (
        <span
          className={`text-xs ${ticket.paymentReturn.open ? 'font-medium text-destructive' : 'text-muted-foreground'}`}
        >
          {paymentReturnText(formatPrice(ticket.paymentReturn.feeCents, ticket.currency))}
          {ticket.paymentReturn.dueAt && (
            <span className="block tabular-nums">
              Zu zahlen bis {formatDateTimeShort(ticket.paymentReturn.dueAt, timeZone)} Uhr
            </span>
          )}
        </span>
      )}
      {ticket.refundedCents > 0 && (
        <span className="text-xs text-muted-foreground">
          Erstattet: {formatPrice(ticket.refundedCents, ticket.currency)}
        </span>
      )}
    </div>
  );
}

import { adminTicketBadges, type AdminTicketBadge, type AdminTicketRow } from '@shared/admin-tickets';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { formatPrice } from '@web/lib/format';

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

/**
 * The display state as badges (docs/product/tickets-and-refunds.md#ticket-filter), and what was refunded so
 * far.
 */
export function TicketBadges({ ticket }: { ticket: AdminTicketRow }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        {adminTicketBadges(ticket).map((badge) => (
          <Badge key={badge} tone={TONE[badge]}>
            {LABEL[badge]}
          </Badge>
        ))}
      </div>
      {ticket.refundedCents > 0 && (
        <span className="text-xs text-muted-foreground">
          Erstattet: {formatPrice(ticket.refundedCents, ticket.currency)}
        </span>
      )}
    </div>
  );
}

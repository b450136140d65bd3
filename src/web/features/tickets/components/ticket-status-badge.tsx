import { ticketDisplayStatus, type MyTicket, type TicketDisplayStatus } from '@shared/tickets';
import { Badge, type BadgeTone } from '@web/components/ui/badge';

const TONES: Record<TicketDisplayStatus, BadgeTone> = {
  Storniert: 'destructive',
  Eingecheckt: 'success',
  Vorbei: 'neutral',
  Bevorstehend: 'primary',
};

/**
 * The display status, and 'TEST' for tickets paid with the test provider
 * (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function TicketBadges({ ticket, now }: { ticket: MyTicket; now: Date }) {
  const status = ticketDisplayStatus(ticket, now);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={TONES[status]}>{status}</Badge>
      {ticket.isTest && <Badge tone="warning">TEST</Badge>}
    </div>
  );
}

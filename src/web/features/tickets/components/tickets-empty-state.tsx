import { TicketX } from 'lucide-react';
import { Link } from 'react-router';
import { TICKET_MESSAGES } from '@shared/tickets';
import { buttonClasses } from '@web/components/ui/button';

/**
 * 'Keine Tickets vorhanden', with a way on to the events (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function TicketsEmptyState() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <TicketX className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="mt-4 text-lg font-semibold">{TICKET_MESSAGES.empty}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Events entdecken
      </Link>
    </div>
  );
}

import { TicketX } from 'lucide-react';
import { Link } from 'react-router';
import { TICKET_MESSAGES } from '@shared/tickets';
import { buttonClasses } from '@web/components/ui/button';

/** spec visitor §8 'Empty states': 'Keine Tickets vorhanden', with a way on to the events. */
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

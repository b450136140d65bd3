import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { splitTickets, TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { isAdmin, useSession, type SessionUser } from '@web/lib/session';
import { useMyTickets } from './api/get-my-tickets';
import { useForgetTicket } from './api/forget-ticket';
import { OpenTransfersSection } from './components/open-transfers-section';
import { OpenPaymentsSection } from './components/open-payments-section';
import { TicketCard } from './components/ticket-card';
import { TicketTabs } from './components/ticket-tabs';
import { TicketsEmptyState } from './components/tickets-empty-state';
import { WaitlistSection } from './components/waitlist-section';

const HEADING_ID = 'my-tickets-heading';

/**
 * What an admin may also do on a card (refresh the preview, delete): admin actions, handed in by the app
 * (app/my-tickets-route.tsx), since this feature does not import the admin's.
 */
export interface TicketAdminTools {
  Actions: ComponentType<{ ticket: MyTicket; onDelete: () => void }>;
  DeleteDialog: ComponentType<{
    ticket: MyTicket | null;
    onClose: () => void;
    onDeleted: (ticketId: string) => void;
    focusAfterDelete: () => HTMLElement | null;
  }>;
}
type TabKey = 'upcoming' | 'past';

/** The current time, renewed every minute: a ticket moves to 'Vergangen' once its event has begun. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * 'Meine Tickets' (sign-in required: the router's guard makes sure of the user;
 * docs/product/tickets-and-refunds.md#my-tickets).
 */
export function MyTicketsPage({ adminTools }: { adminTools?: TicketAdminTools }) {
  usePageTitle('Meine Tickets');
  const { user } = useSession();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <h1 id={HEADING_ID} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
        Meine Tickets
      </h1>
      {/* offers wait for an answer within hours: above the tickets (docs/product/waiting-list.md#offers) */}
      {user && <WaitlistSection />}
      {/* bookings waiting for their money: docs/product/bank-transfer.md#instructions */}
      {user && <OpenTransfersSection userId={user.id} />}
      {user && <OpenPaymentsSection userId={user.id} />}
      {user ? (
        <TicketsOfUser user={user} adminTools={isAdmin(user) ? adminTools : undefined} />
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}

function TicketsOfUser({
  user,
  adminTools,
}: {
  user: SessionUser;
  adminTools: TicketAdminTools | undefined;
}) {
  const { data: tickets, error, isPending, refetch, isRefetching } = useMyTickets(user.id);
  const now = useMinuteClock();
  const [tab, setTab] = useState<TabKey>('upcoming');
  const [deleting, setDeleting] = useState<MyTicket | null>(null);
  const forgetTicket = useForgetTicket();
  const lists = useMemo(() => splitTickets(tickets ?? [], now), [tickets, now]);

  if (isPending) return <PageSpinner label="Tickets werden geladen …" />;
  if (!tickets) {
    // The server's message, else ours.
    const message =
      error instanceof ApiError && error.status > 0 && error.code !== 'unknown'
        ? error.message
        : TICKET_MESSAGES.loadFailed;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{message}</p>
        <Button variant="secondary" disabled={isRefetching} onClick={() => void refetch()}>
          Erneut versuchen
        </Button>
      </div>
    );
  }

  const shown = tab === 'upcoming' ? lists.upcoming : lists.past;
  return (
    <>
      <TicketTabs
        label="Tickets"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'upcoming', label: 'Bevorstehend', count: lists.upcoming.length },
          { key: 'past', label: 'Vergangen', count: lists.past.length },
        ]}
      >
        {shown.length === 0 ? (
          <TicketsEmptyState />
        ) : (
          <ul className="flex flex-col gap-4">
            {shown.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard
                  ticket={ticket}
                  now={now}
                  adminActions={
                    adminTools && <adminTools.Actions ticket={ticket} onDelete={() => setDeleting(ticket)} />
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </TicketTabs>
      {adminTools && (
        <adminTools.DeleteDialog
          ticket={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={forgetTicket}
          focusAfterDelete={() => document.getElementById(HEADING_ID)}
        />
      )}
    </>
  );
}

import { PendingPage } from '@web/components/pages/pending-page';

export function MyTicketsPage() {
  return <PendingPage title="Meine Tickets" />;
}

import { PendingPage } from '@web/components/pages/pending-page';

export function BookingPage() {
  return <PendingPage title="Buchung" />;
}

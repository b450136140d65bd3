import { PendingPage } from '@web/components/pages/pending-page';

export function BookingSuccessPage() {
  return <PendingPage title="Buchung" />;
}

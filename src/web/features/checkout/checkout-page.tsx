import { PendingPage } from '@web/components/pages/pending-page';

export function CheckoutPage() {
  return <PendingPage title="Checkout" />;
}

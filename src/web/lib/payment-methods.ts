import { useQuery } from '@tanstack/react-query';
import { offeredPaymentMethods, type OfferedPaymentMethods } from '@shared/content/payment-texts';
import { paymentConfigQuery } from './payment-config';

/**
 * The ways to pay the shop offers now, for the legal and help texts (docs/product/site.md#payment-texts). A
 * server-rendered page has the answer in its cache; until a client-side navigation has it, the texts read as
 * the spec's card payment. A module of its own: the checkout reads the query, not the texts.
 */
export function useOfferedPaymentMethods(): OfferedPaymentMethods {
  const { data } = useQuery(paymentConfigQuery);
  return offeredPaymentMethods(data);
}

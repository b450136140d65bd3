import { useQuery } from '@tanstack/react-query';
import { paymentConfigQuery } from '@web/lib/payment-config';

// The query lives in lib/: the legal and help texts read it too (docs/product/site.md#payment-texts).

export const usePaymentConfig = (enabled = true) => useQuery({ ...paymentConfigQuery, enabled });

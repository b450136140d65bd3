// The billing address checked on the page with the server's own zod schema (docs/product/invoices.md#billing-address).
// A module of its own: zod comes when the section opens or the order is sent, not in the checkout's first
// download (decision 043).
import { billingAddressSchema } from '@shared/booking-schemas';
import type { BillingAddress } from '@shared/invoices';
import { isBillingField, type BillingAddressErrors, type BillingAddressValues } from './checkout-rules';

/**
 * The form checked with the server's own schema: the address to send, or the first message per field. The
 * e-invoice box counts only while a company is given (it is shown only then).
 */
export function checkBillingAddress(
  values: BillingAddressValues,
): { address: BillingAddress; errors?: undefined } | { address?: undefined; errors: BillingAddressErrors } {
  const result = billingAddressSchema.safeParse({
    ...values,
    eInvoice: values.eInvoice && values.company.trim() !== '',
  });
  if (result.success) return { address: result.data };
  const errors: BillingAddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isBillingField(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

// The order's zod schemas (the server parses with them; the checkout checks the billing address with it on
// the page). Apart from booking.ts so that its texts and rules come without zod (decision 043).
import { z } from 'zod';
import { BILLING_ADDRESS_MESSAGES, BOOKING_MESSAGES, MAX_TICKETS_PER_BOOKING } from './booking';

const addressText = (message: string) =>
  z.string(message).trim().min(1, message).max(200, BILLING_ADDRESS_MESSAGES.tooLong);

/**
 * The optional 'Rechnungsadresse' of checkout (docs/product/invoices.md#billing-address). A German postcode
 * has five digits; elsewhere 3–10 letters, digits, spaces or hyphens. The VAT id is stored without spaces,
 * upper-case.
 */
export const billingAddressSchema = z
  .object({
    company: z.string().trim().max(200, BILLING_ADDRESS_MESSAGES.tooLong).default(''),
    name: addressText(BILLING_ADDRESS_MESSAGES.name),
    street: addressText(BILLING_ADDRESS_MESSAGES.street),
    postalCode: z.string(BILLING_ADDRESS_MESSAGES.postalCode).trim(),
    city: addressText(BILLING_ADDRESS_MESSAGES.city),
    country: z
      .string(BILLING_ADDRESS_MESSAGES.country)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, BILLING_ADDRESS_MESSAGES.country)
      .default('DE'),
    vatId: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine(
        (value) => value === '' || /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(value),
        BILLING_ADDRESS_MESSAGES.vatId,
      )
      .default(''),
    eInvoice: z.boolean().default(false),
  })
  .superRefine((address, ctx) => {
    const postcode = address.country === 'DE' ? /^\d{5}$/ : /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
    if (!postcode.test(address.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: BILLING_ADDRESS_MESSAGES.postalCode });
    }
    if (address.eInvoice && !address.company) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: BILLING_ADDRESS_MESSAGES.eInvoiceCompany });
    }
  });

/**
 * POST /api/bookings. Prices are never taken from the client
 * (docs/product/booking-and-seats.md#server-prices).
 */
export const createBookingSchema = z.object({
  eventId: z.uuid(BOOKING_MESSAGES.invalidEvent),
  quantity: z
    .number(BOOKING_MESSAGES.quantity)
    .int(BOOKING_MESSAGES.quantity)
    .min(1, BOOKING_MESSAGES.quantity)
    .max(MAX_TICKETS_PER_BOOKING, BOOKING_MESSAGES.quantity),
  holderName: z
    .string(BOOKING_MESSAGES.holderName)
    .trim()
    .min(1, BOOKING_MESSAGES.holderName)
    .max(200, BOOKING_MESSAGES.holderNameTooLong),
  /** Books the seats of this waiting-list offer (docs/product/waiting-list.md#offer-checkout). */
  waitlistEntryId: z.uuid(BOOKING_MESSAGES.invalidEvent).optional(),
  /** Required above SIMPLIFIED_INVOICE_LIMIT_CENTS (docs/product/invoices.md#billing-address). */
  billingAddress: billingAddressSchema.optional(),
});

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

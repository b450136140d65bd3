// The order's zod schemas (the server parses with them; the checkout checks the billing address with it on
// the page). Apart from booking.ts so that its texts and rules come without zod (decision 043).
import { z } from 'zod';
import { BILLING_ADDRESS_MESSAGES, BOOKING_MESSAGES, MAX_TICKETS_PER_BOOKING } from './booking';
import { CODE_PATTERN, DISCOUNT_CODE_MESSAGES, normalizeCode } from './discount-codes';
import { ANSWER_MAX_LONG, ANSWER_MAX_SHORT, QUESTION_MESSAGES } from './questions';
import { CATEGORY_MESSAGES, MAX_CATEGORIES_PER_EVENT } from './ticket-categories';

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
const ticketCount = z
  .number(BOOKING_MESSAGES.quantity)
  .int(BOOKING_MESSAGES.quantity)
  .min(1, BOOKING_MESSAGES.quantity)
  .max(MAX_TICKETS_PER_BOOKING, BOOKING_MESSAGES.quantity);

/** An answer to one of the event's questions (docs/product/ticket-categories.md#answers). */
export const answerInputSchema = z.object({
  questionId: z.uuid(QUESTION_MESSAGES.unknownQuestion),
  ticket: z.number().int().min(1).max(MAX_TICKETS_PER_BOOKING).nullable().default(null),
  person: z.number().int().min(1).max(2).nullable().default(null),
  value: z.union([
    z.string().max(ANSWER_MAX_LONG),
    z.array(z.string().max(ANSWER_MAX_SHORT)).max(50),
    z.boolean(),
  ]),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;
export const answersSchema = z.array(answerInputSchema).max(500);

export const createBookingSchema = z
  .object({
    eventId: z.uuid(BOOKING_MESSAGES.invalidEvent),
    /** Without `items`: this many tickets of the event's first visible category. */
    quantity: ticketCount.optional(),
    /** One line per category (docs/product/ticket-categories.md#pricing). */
    items: z
      .array(z.object({ categoryId: z.uuid(CATEGORY_MESSAGES.unknownCategory), quantity: ticketCount }))
      .min(1, BOOKING_MESSAGES.itemsOrQuantity)
      .max(MAX_CATEGORIES_PER_EVENT, BOOKING_MESSAGES.itemsOrQuantity)
      .refine(
        (items) => new Set(items.map((item) => item.categoryId)).size === items.length,
        BOOKING_MESSAGES.duplicateCategory,
      )
      .refine(
        (items) => items.reduce((total, item) => total + item.quantity, 0) <= MAX_TICKETS_PER_BOOKING,
        BOOKING_MESSAGES.quantity,
      )
      .optional(),
    /** A discount code (docs/product/ticket-categories.md#codes). */
    code: z
      .string()
      .transform(normalizeCode)
      .refine((code) => code === '' || CODE_PATTERN.test(code), DISCOUNT_CODE_MESSAGES.format)
      .optional(),
    answers: answersSchema.optional(),
    holderName: z
      .string(BOOKING_MESSAGES.holderName)
      .trim()
      .min(1, BOOKING_MESSAGES.holderName)
      .max(200, BOOKING_MESSAGES.holderNameTooLong),
    /** Books the seats of this waiting-list offer (docs/product/waiting-list.md#offer-checkout). */
    waitlistEntryId: z.uuid(BOOKING_MESSAGES.invalidEvent).optional(),
    /** Required above SIMPLIFIED_INVOICE_LIMIT_CENTS (docs/product/invoices.md#billing-address). */
    billingAddress: billingAddressSchema.optional(),
  })
  .refine((input) => input.items !== undefined || input.quantity !== undefined, {
    message: BOOKING_MESSAGES.quantity,
    path: ['quantity'],
  });

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { TRANSFER_ADMIN_MESSAGES } from './bank-statements';

/**
 * Where the refund of a ticket paid by transfer goes (docs/product/bank-transfer.md#refunds), sent with
 * POST /api/tickets/:id/cancel: both may stay empty (back to the account the money came from); an IBAN given must
 * be valid, is kept without spaces, and needs the holder's name (a SEPA name field holds 70 characters).
 */
export const refundAccountSchema = z
  .object({
    payoutIban: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value === '' || isValidIBAN(value), TRANSFER_ADMIN_MESSAGES.payoutIban)
      .default(''),
    payoutName: z.string().trim().max(70, TRANSFER_ADMIN_MESSAGES.payoutName).default(''),
  })
  .refine((value) => value.payoutIban === '' || value.payoutName !== '', {
    path: ['payoutName'],
    message: TRANSFER_ADMIN_MESSAGES.payoutName,
  });

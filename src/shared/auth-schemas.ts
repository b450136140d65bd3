import { z } from 'zod';

// The sign-in address is required; the field is of type e-mail
// (docs/product/accounts-and-consent.md#email-format).
export const emailSchema = z
  .string({ error: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .toLowerCase()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(254, 'Bitte gib eine gültige E-Mail-Adresse ein.')
  .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein.'));

export const sendCodeSchema = z.object({ email: emailSchema });

// The one-time code: exactly 6 digits (docs/product/accounts-and-consent.md#code-entry).
export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, 'Der Code besteht aus genau 6 Ziffern.'),
});

export const sendMagicLinkSchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(500).optional(),
});

export const verifyMagicLinkSchema = z.object({ token: z.string().min(16).max(200) });

import { z } from 'zod';

/** Every API error has this shape: a stable code and a German message (DESIGN §4 'Bad input'). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

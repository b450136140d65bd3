import { z } from 'zod';

// The request of POST /api/waitlist (docs/product/waiting-list.md#join); apart from ./waitlist so that the public
// pages that show the list do not load zod.

/** A signed-in user joins with one ticket (one person, or one pair on per-pair events). */
export const joinWaitlistSchema = z.object({
  eventId: z.uuid('Bitte ein gültiges Event wählen.'),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

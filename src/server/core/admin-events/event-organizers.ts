import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_EVENT_MESSAGES } from '@shared/admin-events';
import type { DbOrTx } from '../../db/types';
import { cancellationPolicies, eventOrganizers, profiles } from '../../db/schema';
import { AppError } from '../app-error';

/** Only admins and organizers run events (docs/product/admin.md#organizer-role). */
export async function assertOrganizerCandidates(db: DbOrTx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.id, [...userIds]), inArray(profiles.role, ['admin', 'organizer'])));
  if (found.length !== userIds.length) {
    throw new AppError('validation_failed', ADMIN_EVENT_MESSAGES.organizers, [
      { path: 'organizerIds', message: ADMIN_EVENT_MESSAGES.organizers },
    ]);
  }
}

/** The foreign key would otherwise answer a 500 for an unknown policy. */
export async function assertPolicyExists(db: DbOrTx, policyId: string | null | undefined): Promise<void> {
  if (!policyId) return;
  const [found] = await db
    .select({ id: cancellationPolicies.id })
    .from(cancellationPolicies)
    .where(eq(cancellationPolicies.id, policyId))
    .limit(1);
  if (!found) {
    throw new AppError('validation_failed', ADMIN_EVENT_MESSAGES.policy, [
      { path: 'cancellationPolicyId', message: ADMIN_EVENT_MESSAGES.policy },
    ]);
  }
}

/**
 * Organizers are applied as the difference: links not wanted any more are removed, new ones
 * added, the others stay untouched (keeping their order by creation). Answers whether anything changed.
 */
export async function applyOrganizers(
  db: DbOrTx,
  eventId: string,
  wanted: readonly string[],
): Promise<boolean> {
  const current = await db
    .select({ userId: eventOrganizers.userId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, eventId));
  const have = new Set(current.map((row) => row.userId));
  const want = new Set(wanted);
  const removals = [...have].filter((id) => !want.has(id));
  const additions = [...want].filter((id) => !have.has(id));
  if (removals.length > 0) {
    await db
      .delete(eventOrganizers)
      .where(and(eq(eventOrganizers.eventId, eventId), inArray(eventOrganizers.userId, removals)));
  }
  if (additions.length > 0) {
    await db
      .insert(eventOrganizers)
      .values(additions.map((userId) => ({ eventId, userId })))
      .onConflictDoNothing();
  }
  return removals.length > 0 || additions.length > 0;
}

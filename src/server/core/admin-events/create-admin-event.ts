import { ADMIN_EVENT_MESSAGES, type AdminEvent, type AdminEventCreate } from '@shared/admin-events';
import { firstFreeSlug, slugFromTitle } from '@shared/event-text';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../app-error';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import { isUniqueViolation, loadAdminEvent, slugOwner, slugsLike } from './admin-event-view';
import { applyOrganizers, assertOrganizerCandidates, assertPolicyExists } from './event-organizers';

export interface CreateAdminEventOptions {
  db: Db;
  input: AdminEventCreate;
  creatorId: string;
}

export const slugTaken = () =>
  new AppError('conflict', ADMIN_EVENT_MESSAGES.slugTaken, [
    { path: 'slug', message: ADMIN_EVENT_MESSAGES.slugTaken },
  ]);

/**
 * spec admin §2 'Create event'. The slug is derived from the title (read-only in the form); when another
 * event already has it, `-2`, `-3`, … is appended, so recurring workshops with one title can all be created.
 * An explicit slug (API callers) must be free: 409 otherwise. All seats start free.
 */
export async function createAdminEvent(options: CreateAdminEventOptions): Promise<AdminEvent> {
  const { db, input, creatorId } = options;
  await assertPolicyExists(db, input.cancellationPolicyId);
  await assertOrganizerCandidates(db, input.organizerIds);
  try {
    return await db.transaction(async (tx) => {
      let slug = input.slug;
      if (slug === undefined)
        slug = firstFreeSlug(slugFromTitle(input.title), await slugsLike(tx, slugFromTitle(input.title)));
      else if (await slugOwner(tx, slug)) throw slugTaken();
      const { organizerIds, ...fields } = input;
      const [row] = await tx
        .insert(events)
        .values({
          ...fields,
          slug,
          startTime: new Date(fields.startTime),
          endTime: new Date(fields.endTime),
          earlyBirdEndsAt: fields.earlyBirdEndsAt ? new Date(fields.earlyBirdEndsAt) : null,
          availableSeats: fields.totalSeats,
          creatorId,
        })
        .returning({ id: events.id });
      await applyOrganizers(tx, row!.id, organizerIds);
      await publishEventChange(tx, row!.id);
      await publishSeatChange(tx, row!.id);
      return loadAdminEvent(tx, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

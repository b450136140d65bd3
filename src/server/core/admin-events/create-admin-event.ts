import { ADMIN_EVENT_MESSAGES, type AdminEvent, type AdminEventCreate } from '@shared/admin-events';
import { firstFreeSlug, slugFromTitle } from '@shared/event-text';
import { events } from '../../db/schema';
import { AppError } from '../app-error';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import { renderEventTicketPreview } from '../tickets/event-ticket-preview';
import type { UseCaseDeps } from '../use-case-deps';
import { isUniqueViolation, loadAdminEvent, slugOwner, slugsLike } from './admin-event-view';
import { applyOrganizers, assertOrganizerCandidates, assertPolicyExists } from './event-organizers';
import { saveEventCategories } from './save-event-categories';
import { enqueueEventStatusWebhooks } from '../webhooks/webhook-data';
import { saveEventQuestions } from './save-event-questions';

export type CreateAdminEventDeps = Pick<UseCaseDeps, 'database' | 'storage' | 'settings' | 'logger'>;

export interface CreateAdminEventOptions {
  input: AdminEventCreate;
  creatorId: string;
}

export const slugTaken = () =>
  new AppError('conflict', ADMIN_EVENT_MESSAGES.slugTaken, [
    { path: 'slug', message: ADMIN_EVENT_MESSAGES.slugTaken },
  ]);

/**
 * Creates an event (docs/product/events.md#slug). The slug is derived from the title (read-only in the form);
 * when another event already has it, `-2`, `-3`, … is appended, so recurring workshops with one title can all
 * be created. An explicit slug (API callers) must be free: 409 otherwise. All seats start free. Categories and
 * questions sent are saved in the same transaction (the event's prices then mirror the categories). After the
 * commit the event's ticket preview is rendered in the background.
 */
export async function createAdminEvent(
  deps: CreateAdminEventDeps,
  options: CreateAdminEventOptions,
): Promise<AdminEvent> {
  const { db } = deps.database;
  const { input, creatorId } = options;
  await assertPolicyExists(db, input.cancellationPolicyId);
  await assertOrganizerCandidates(db, input.organizerIds);
  let created: AdminEvent;
  try {
    created = await db.transaction(async (tx) => {
      let slug = input.slug;
      if (slug === undefined)
        slug = firstFreeSlug(slugFromTitle(input.title), await slugsLike(tx, slugFromTitle(input.title)));
      else if (await slugOwner(tx, slug)) throw slugTaken();
      const { organizerIds, categories, questions, ...fields } = input;
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
      // the insert's trigger gave it the category 'Ticket'; a sent list replaces it
      // (docs/product/ticket-categories.md#one-category)
      if (categories) await saveEventCategories(tx, { eventId: row!.id, categories });
      if (questions) await saveEventQuestions(tx, { eventId: row!.id, questions });
      // created published: announced (docs/product/webhooks.md#event-types)
      await enqueueEventStatusWebhooks(tx, [{ id: row!.id, before: null, after: fields.status }]);
      await publishEventChange(tx, row!.id);
      await publishSeatChange(tx, row!.id);
      return loadAdminEvent(tx, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  renderPreviewInBackground(deps, created.id);
  return created;
}

/** A failed sample ticket is only logged; it never fails the save (docs/product/admin.md#ticket-preview). */
function renderPreviewInBackground(deps: CreateAdminEventDeps, eventId: string): void {
  const { database, storage, settings, logger } = deps;
  void settings
    .get()
    .then(({ brand }) =>
      renderEventTicketPreview({ db: database.db, storage, siteName: brand.siteName, eventId }),
    )
    .catch((error: unknown) => logger.warn({ err: error, eventId }, 'ticket preview not rendered'));
}

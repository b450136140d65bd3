import { ADMIN_EVENT_MESSAGES, type SlugCheckAnswer } from '@shared/admin-events';
import { isValidSlug } from '@shared/event-text';
import type { Db } from '../../db/types';
import { slugOwner } from './admin-event-view';

/**
 * GET /api/admin/events/slug-check (on edit the slug is editable and a conflict warns;
 * docs/product/events.md#slug): whether `slug` is well-formed and free; the event being edited (`exceptId`)
 * may keep its own slug.
 */
export async function checkEventSlug(options: {
  db: Db;
  slug: string;
  exceptId?: string;
}): Promise<SlugCheckAnswer> {
  const slug = options.slug.trim();
  if (!isValidSlug(slug)) return { slug, valid: false, available: false, message: ADMIN_EVENT_MESSAGES.slug };
  const owner = await slugOwner(options.db, slug);
  const available = owner === null || owner === options.exceptId;
  return { slug, valid: true, available, message: available ? null : ADMIN_EVENT_MESSAGES.slugTaken };
}

import { ADMIN_EVENT_MESSAGES, type SlugCheckAnswer } from '@shared/admin-events';
import { isValidSlug } from '@shared/event-text';
import type { Db } from '../../db/client';
import { slugOwner } from './admin-event-view';

/**
 * GET /api/admin/events/slug-check (spec admin §2 'the slug is editable and a conflict warning shows'): whether
 * `slug` is well-formed and free; the event being edited (`exceptId`) may keep its own slug.
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

import type { Event } from '../../db/types';

type SummaryRow = Pick<
  Event,
  | 'id'
  | 'slug'
  | 'title'
  | 'shortDescription'
  | 'description'
  | 'startTime'
  | 'endTime'
  | 'timezone'
  | 'location'
>;

/**
 * The fields the public and the admin view of an event both start with, times as ISO strings. Each view
 * names the rest one by one, so a column added later stays private until it is named
 * (docs/product/events.md#internal-fields).
 */
export function eventSummaryFields(row: SummaryRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    shortDescription: row.shortDescription,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    timezone: row.timezone,
    location: row.location,
  };
}

import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  API_V1_MESSAGES,
  type ApiCategory,
  type ApiEvent,
  type eventListQuerySchema,
  type Page,
} from '@shared/api-v1';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import type { DbOrTx, Event } from '../../db/types';
import { events } from '../../db/schema';
import { loadCategories, publicCategoriesOf } from '../ticket-categories/category-seats';
import { decodeCursor, microsKey, pageOf } from './cursor';

type Deps = Pick<UseCaseDeps, 'database' | 'config'>;

export const toApiEvent = (event: Event, publicUrl: string): ApiEvent => ({
  id: event.id,
  slug: event.slug,
  title: event.title,
  short_description: event.shortDescription,
  description: event.description,
  status: event.status,
  start_time: event.startTime.toISOString(),
  end_time: event.endTime.toISOString(),
  time_zone: event.timezone,
  mode: event.mode,
  location: event.location,
  venue: event.venue,
  price_cents: event.priceCents,
  currency: event.currency,
  price_unit: event.priceUnit,
  total_seats: event.totalSeats,
  available_seats: event.availableSeats,
  series_id: event.seriesId,
  url: new URL(`/event/${event.slug}`, publicUrl).toString(),
  created_at: event.createdAt.toISOString(),
  updated_at: event.updatedAt.toISOString(),
});

/**
 * Every event (drafts, hidden and private ones too: a key acts as an admin; docs/product/api.md#acting-admin),
 * by start time, then id (docs/product/api.md#pagination).
 */
export async function listApiEvents(
  deps: Deps,
  query: z.output<typeof eventListQuerySchema>,
): Promise<Page<ApiEvent>> {
  const after = decodeCursor(query.cursor, ['time', 'uuid']);
  const sortTime = microsKey(events.startTime);
  const filters: (SQL | undefined)[] = [
    query.status ? eq(events.status, query.status) : undefined,
    query.starts_after ? gt(events.startTime, new Date(query.starts_after)) : undefined,
    after
      ? or(
          gt(events.startTime, sql`${after[0]}::timestamptz`),
          and(eq(events.startTime, sql`${after[0]}::timestamptz`), gt(events.id, after[1]!)),
        )
      : undefined,
  ];
  const rows = await deps.database.db
    .select({ event: events, sortTime })
    .from(events)
    .where(and(...filters))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    (row) => [row.sortTime, row.event.id],
    (row) => toApiEvent(row.event, deps.config.publicUrl),
  );
}

export async function findApiEvent(db: DbOrTx, id: string): Promise<Event> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) throw new AppError('not_found', API_V1_MESSAGES.eventNotFound);
  return event;
}

export async function getApiEvent(deps: Deps, id: string): Promise<ApiEvent> {
  return toApiEvent(await findApiEvent(deps.database.db, id), deps.config.publicUrl);
}

/**
 * An event's ticket categories with their free seats, those behind a code included
 * (docs/product/ticket-categories.md#seats), in their order.
 */
export async function listApiCategories(deps: Deps, eventId: string): Promise<{ data: ApiCategory[] }> {
  const db = deps.database.db;
  const event = await findApiEvent(db, eventId);
  const all = (await loadCategories(db, [event.id])).map((row) => row.id);
  const categories = (await publicCategoriesOf(db, [event], all)).get(event.id) ?? [];
  return {
    data: categories.map((category) => ({
      id: category.id,
      event_id: event.id,
      name: category.name,
      description: category.description,
      price_cents: category.priceCents,
      early_bird_price_cents: category.earlyBirdPriceCents,
      early_bird_ends_at: category.earlyBirdEndsAt,
      price_unit: category.priceUnit,
      capacity: category.capacity,
      available_seats: category.availableSeats,
      sale_starts_at: category.saleStartsAt,
      sale_ends_at: category.saleEndsAt,
      min_per_order: category.minPerOrder,
      max_per_order: category.maxPerOrder,
      requires_code: category.requiresCode,
      position: category.position,
    })),
  };
}
